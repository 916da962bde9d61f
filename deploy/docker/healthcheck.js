'use strict';
// HEALTHCHECK of every Docket image: the slim base image has no curl or wget, and node is
// already there. Liveness only (/healthz); readiness (/readyz) is the orchestrator's business.
const port = process.env.HTTP_PORT;
if (!port) {
  process.stderr.write('healthcheck: HTTP_PORT is not set\n');
  process.exit(1);
}
fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2500) }).then(
  (response) => process.exit(response.ok ? 0 : 1),
  () => process.exit(1),
);
