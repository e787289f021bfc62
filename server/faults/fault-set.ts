/** Which faults a faulty server runs with: `FAULTS=name,name`, checked against catalog.ts. */
import { FAULT_CATALOG, isFaultName, type FaultName } from './catalog.ts';

/** Whether the fault of that name is on. */
export type FaultSet = (name: FaultName) => boolean;

export function faultSet(names: readonly FaultName[]): FaultSet {
  return (name) => names.includes(name);
}

export function parseFaults(list: string | undefined): FaultName[] {
  const names = (list ?? '').split(',').map((n) => n.trim()).filter(Boolean);
  const unknown = names.filter((n) => !isFaultName(n));
  if (unknown.length > 0) {
    throw new Error(`Unknown fault ${unknown.join(', ')}; known: ${Object.keys(FAULT_CATALOG).join(', ')}`);
  }
  return names as FaultName[];
}
