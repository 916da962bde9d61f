import { spawnSync } from 'node:child_process';

/**
 * Runs one export of a page-runner module (an ES module for Node itself, as the runner loads it)
 * on an 8-bit grayscale image, in a child Node process: `name(gray, width, height)`, which may
 * change the pixels in place. Answers what it returned and the pixels after.
 * @param modulePath absolute path of the .mjs module
 */
export function onGrayInNode<T>(
  modulePath: string,
  name: string,
  image: { readonly gray: Uint8Array; readonly width: number; readonly height: number },
): { result: T; gray: Uint8Array } {
  const script = [
    `import * as runnerModule from ${JSON.stringify(modulePath)};`,
    `const chunks = [];`,
    `for await (const chunk of process.stdin) chunks.push(chunk);`,
    `const gray = new Uint8Array(Buffer.concat(chunks));`,
    `const result = runnerModule[${JSON.stringify(name)}](gray, ${image.width}, ${image.height});`,
    `process.stdout.write(JSON.stringify({ result, gray: Buffer.from(gray).toString('base64') }));`,
  ].join('\n');
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    input: Buffer.from(image.gray),
    maxBuffer: 64 * 1024 * 1024,
  });
  if (child.status !== 0) throw new Error(child.stderr.toString());
  const parsed = JSON.parse(child.stdout.toString()) as { result: T; gray: string };
  return { result: parsed.result, gray: new Uint8Array(Buffer.from(parsed.gray, 'base64')) };
}
