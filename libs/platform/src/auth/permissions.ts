import { Role, ROLES } from './actor';
import matrix from './permission-matrix.json';

type MatrixFile = typeof matrix;
export type Operation = Exclude<keyof MatrixFile, '$comment'>;

const table: ReadonlyMap<string, ReadonlySet<Role>> = new Map(
  Object.entries(matrix)
    .filter(([operation]) => operation !== '$comment')
    .map(([operation, roles]) => [operation, new Set(roles as Role[])]),
);

for (const [operation, roles] of table) {
  for (const role of roles) {
    if (!ROLES.includes(role))
      throw new Error(`permission matrix: unknown role ${role} in ${operation}`);
  }
}

export const OPERATIONS = [...table.keys()] as Operation[];

export function isAllowed(role: Role, operation: Operation): boolean {
  return table.get(operation)?.has(role) ?? false;
}
