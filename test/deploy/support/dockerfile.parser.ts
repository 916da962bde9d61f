import { readFileSync } from 'node:fs';

/** One instruction of a Dockerfile, continuation lines joined. */
export interface Instruction {
  keyword: string;
  args: string;
  line: number;
}

export interface Stage {
  name: string;
  /** The image or earlier stage this one starts FROM. */
  from: string;
  instructions: Instruction[];
}

/**
 * A small Dockerfile reader for the image checks: stages with their instructions, enough to
 * follow a target back through the stages it builds on. No engine is needed.
 */
export class Dockerfile {
  constructor(readonly stages: Stage[]) {}

  static read(file: string): Dockerfile {
    return Dockerfile.parse(readFileSync(file, 'utf8'));
  }

  static parse(text: string): Dockerfile {
    const stages: Stage[] = [];
    for (const instruction of instructionsOf(text)) {
      if (instruction.keyword === 'ARG' && stages.length === 0) continue;
      if (instruction.keyword === 'FROM') {
        const match = /^(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?$/i.exec(instruction.args);
        if (!match)
          throw new Error(`line ${instruction.line}: unreadable FROM ${instruction.args}`);
        stages.push({ from: match[1], name: match[2] ?? `#${stages.length}`, instructions: [] });
        continue;
      }
      const current = stages.at(-1);
      if (!current) throw new Error(`line ${instruction.line}: ${instruction.keyword} before FROM`);
      current.instructions.push(instruction);
    }
    return new Dockerfile(stages);
  }

  stage(name: string): Stage {
    const stage = this.stages.find((s) => s.name === name);
    if (!stage) throw new Error(`no stage named ${name}`);
    return stage;
  }

  hasStage(name: string): boolean {
    return this.stages.some((s) => s.name === name);
  }

  /** The target and every stage it builds on (FROM <stage>), nearest first. */
  lineage(name: string): Stage[] {
    const chain: Stage[] = [];
    let current: Stage | undefined = this.stage(name);
    while (current) {
      chain.push(current);
      const parent: string = current.from;
      current = this.stages.find((s) => s.name === parent);
    }
    return chain;
  }

  /** Instructions that shape the target's final image, oldest first (what `docker build` applies). */
  effectiveInstructions(name: string): Instruction[] {
    return this.lineage(name)
      .reverse()
      .flatMap((s) => s.instructions);
  }

  /** The last value of an instruction in the target's lineage (USER, CMD, HEALTHCHECK...). */
  last(name: string, keyword: string): Instruction | undefined {
    return this.effectiveInstructions(name)
      .filter((i) => i.keyword === keyword)
      .at(-1);
  }

  /** ENV values of the target, later stages overriding earlier ones. */
  env(name: string): Record<string, string> {
    const env: Record<string, string> = {};
    for (const instruction of this.effectiveInstructions(name)) {
      if (instruction.keyword !== 'ENV') continue;
      for (const match of instruction.args.matchAll(/([A-Z_][A-Z0-9_]*)=("[^"]*"|\S+)/g)) {
        env[match[1]] = match[2].replace(/^"|"$/g, '');
      }
    }
    return env;
  }

  /** The image the target's lineage starts from (its first FROM that is not a stage). */
  baseImage(name: string): string {
    return this.lineage(name).at(-1)!.from;
  }
}

export interface CopyInstruction {
  from?: string;
  sources: string[];
  destination: string;
}

export function parseCopy(instruction: Instruction): CopyInstruction {
  const words = instruction.args.split(/\s+/);
  const flags = words.filter((w) => w.startsWith('--'));
  const paths = words.filter((w) => !w.startsWith('--'));
  const from = flags.find((f) => f.startsWith('--from='))?.slice('--from='.length);
  return { from, sources: paths.slice(0, -1), destination: paths.at(-1)! };
}

/** The exec-form array of CMD / HEALTHCHECK CMD / ENTRYPOINT; shell form is refused. */
export function execForm(args: string): string[] {
  const json = args.replace(/^(--\S+\s+)*CMD\s+/, '');
  const parsed: unknown = JSON.parse(json);
  if (!Array.isArray(parsed) || !parsed.every((p) => typeof p === 'string')) {
    throw new Error(`not an exec-form array: ${args}`);
  }
  return parsed;
}

function instructionsOf(text: string): Instruction[] {
  const instructions: Instruction[] = [];
  const lines = text.split('\n');
  let buffer = '';
  let startLine = 0;
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (buffer === '' && (line === '' || line.startsWith('#'))) return;
    if (buffer !== '' && line.startsWith('#')) return;
    if (buffer === '') startLine = index + 1;
    if (line.endsWith('\\')) {
      buffer += `${line.slice(0, -1).trim()} `;
      return;
    }
    buffer += line;
    const [keyword, ...rest] = buffer.split(/\s+/);
    instructions.push({ keyword: keyword.toUpperCase(), args: rest.join(' '), line: startLine });
    buffer = '';
  });
  return instructions;
}
