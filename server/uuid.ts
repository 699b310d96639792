// The form of the uuids records are named by (crypto.randomUUID): checked before any lookup.
export { UUID } from '../forms/contracts/application';
