/**
 * What other modules use of auth: the signed-in principal (who, which profile and organisation,
 * what permissions) that routes hand to the operations acting for it.
 */
export type { Principal } from './principal-repository';
