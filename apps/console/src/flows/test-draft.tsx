import { useState } from 'react';

import { api, errorMessage, type Schemas } from '../api/client';
import { uploadFile, type UploadProgress } from '../api/upload-file';
import { followLink, itemPath, runPath } from '../router';
import { StepList } from '../runs/step-list';
import { useExecution } from '../runs/use-execution';
import { EnvironmentSelect } from './environment-select';

type Environment = Schemas['EnvironmentRecord'];

/** Test files of this browser tab, per workspace, so the next test can pick one again. */
function rememberedFiles(workspaceId: string): Array<{ fileId: string; name: string }> {
  try {
    return JSON.parse(sessionStorage.getItem(`docket.testFiles.${workspaceId}`) ?? '[]') as Array<{
      fileId: string;
      name: string;
    }>;
  } catch {
    return [];
  }
}

function remember(workspaceId: string, file: { fileId: string; name: string }): void {
  const files = [file, ...rememberedFiles(workspaceId).filter((f) => f.fileId !== file.fileId)];
  sessionStorage.setItem(`docket.testFiles.${workspaceId}`, JSON.stringify(files.slice(0, 10)));
}

/**
 * Test a draft: upload a file (or pick one uploaded here before), run the saved draft on it
 * (POST /flows/{flowId}/run with draft: true; a test run's write-back only records what it
 * would send), watch its steps fill in and open the item it creates.
 */
export function TestDraft(props: {
  flowId: string;
  workspaceId: string;
  projectId: string;
  environments: Environment[];
  saved: boolean;
  fileId: string | null;
  onFile: (fileId: string) => void;
}) {
  const [files, setFiles] = useState(() => rememberedFiles(props.workspaceId));
  const [upload, setUpload] = useState<UploadProgress | null>(null);
  const [environmentId, setEnvironmentId] = useState('');
  const [executionId, setExecutionId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { execution, steps } = useExecution(executionId);

  const send = async (file: File) => {
    setUpload({ progress: 0, status: 'requesting' });
    const done = await uploadFile(file, props.workspaceId, (change) =>
      setUpload((current) => ({ ...(current ?? { progress: 0, status: '' }), ...change })),
    );
    if (done?.status !== 'READY') return;
    remember(props.workspaceId, { fileId: done.fileId, name: file.name });
    setFiles(rememberedFiles(props.workspaceId));
    props.onFile(done.fileId);
  };

  const run = async () => {
    if (!props.fileId) return;
    setProblem(null);
    const { data, error } = await api.POST('/flows/{flowId}/run', {
      params: { path: { flowId: props.flowId } },
      body: {
        draft: true,
        fileIds: [props.fileId],
        ...(environmentId ? { environmentId } : {}),
      },
    });
    if (!data) return setProblem(errorMessage(error));
    setExecutionId(data.executionId);
  };

  return (
    <section className="test-draft" aria-labelledby="test-title">
      <h2 id="test-title">Test the draft</h2>
      <p className="hint">
        Runs the saved draft on a file as a test run: listed apart from real runs, and its
        write-back only records what it would send.
      </p>
      <div className="row">
        <label className="button">
          Upload a test file
          <input
            type="file"
            className="visually-hidden"
            aria-label="Upload a test file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void send(file);
              event.target.value = '';
            }}
          />
        </label>
        {files.length > 0 && (
          <label>
            Test file
            <select
              value={props.fileId ?? ''}
              onChange={(event) => props.onFile(event.target.value)}
            >
              <option value="">—</option>
              {files.map((file) => (
                <option key={file.fileId} value={file.fileId}>
                  {file.name}
                </option>
              ))}
            </select>
          </label>
        )}
        {upload && (
          <span role="status" aria-label="Test file status">
            {upload.status}
            {upload.detail ? ` · ${upload.detail}` : ''}
          </span>
        )}
      </div>
      <div className="row">
        <EnvironmentSelect
          label="Environment"
          environments={props.environments}
          value={environmentId}
          onChange={setEnvironmentId}
        />
        <button
          type="button"
          disabled={!props.fileId || !props.saved}
          title={props.saved ? undefined : 'Save the draft first: the test runs the saved draft'}
          onClick={() => void run()}
        >
          Run the draft
        </button>
        {!props.saved && <span className="hint">Save first: the test runs the saved draft.</span>}
      </div>
      {problem && <p role="alert">{problem}</p>}
      {execution && (
        <div className="test-run" aria-label="Test run">
          <p>
            Test run{' '}
            <a
              href={runPath(execution.executionId)}
              onClick={(e) => followLink(e, runPath(execution.executionId))}
            >
              {execution.executionId.slice(0, 8)}
            </a>
            : <strong className={`run-status run-${execution.status}`}>{execution.status}</strong>
            {execution.error && ` · ${execution.error.message}`}
          </p>
          <StepList steps={steps} />
          {execution.itemIds.map((itemId) => (
            <a
              key={itemId}
              className="button"
              href={itemPath(itemId, props.projectId)}
              onClick={(e) => followLink(e, itemPath(itemId, props.projectId))}
            >
              Open the test item
            </a>
          ))}
        </div>
      )}
    </section>
  );
}
