import {
  apiRequest,
  createTestOrganization,
  eventually,
  portOf,
  TEST_GATEWAY_URL,
  TEST_PROFILE,
} from '@docket/testing';

describe('Prometheus metrics', () => {
  it('count gateway HTTP requests by route and status, and service calls by subject', async () => {
    const org = await createTestOrganization();
    await apiRequest('GET', '/workspaces', { token: org.admin.token });
    await apiRequest('GET', '/workspaces');
    const gateway = await (await fetch(`${TEST_GATEWAY_URL}/metrics`)).text();
    expect(gateway).toMatch(
      /docket_http_requests_total\{route="\/workspaces",method="GET",status="200"\} \d+/,
    );
    expect(gateway).toMatch(
      /docket_http_requests_total\{route="\/workspaces",method="GET",status="401"\} \d+/,
    );
    expect(gateway).toContain('docket_http_request_duration_seconds_bucket');
    const identity = await (
      await fetch(`http://127.0.0.1:${portOf(TEST_PROFILE, 'identity')}/metrics`)
    ).text();
    expect(identity).toMatch(
      /docket_rpc_requests_total\{subject="identity.workspaces.list.v1",code="OK"\} \d+/,
    );
    expect(identity).toContain('docket_process_');
  });

  it('report the domain signals: file processing, review queue depth, runs by status, node durations', async () => {
    // Other suites restart the stack's worker (crash and shutdown tests): wait for it to answer.
    const scrape = (service: 'files' | 'items' | 'flows' | 'worker') =>
      eventually(
        () =>
          fetch(`http://127.0.0.1:${portOf(TEST_PROFILE, service)}/metrics`).then(
            (response) => response.text(),
            () => undefined,
          ),
        60_000,
      );
    const [files, items, flows, worker] = await Promise.all([
      scrape('files'),
      scrape('items'),
      scrape('flows'),
      scrape('worker'),
    ]);
    expect(files).toContain('# TYPE docket_file_processing_duration_seconds histogram');
    expect(files).toContain('# TYPE docket_file_processing_failures_total counter');
    expect(items).toMatch(/docket_review_queue_depth\{status="REVIEW"\} \d+/);
    expect(items).toMatch(/docket_review_queue_depth\{status="DEFERRED"\} \d+/);
    expect(flows).toContain('# TYPE docket_flow_runs gauge');
    expect(worker).toContain('# TYPE docket_node_duration_seconds histogram');
  });

  it('are not rate limited or authenticated, like the health probes', async () => {
    const response = await fetch(`${TEST_GATEWAY_URL}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-limit')).toBeNull();
    expect(response.headers.get('x-service-trace-id')).toMatch(/^[\da-f]{32}$/);
  });
});
