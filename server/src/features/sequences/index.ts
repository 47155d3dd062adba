// The sequences feature's interface: what other features, features/index.ts and demo/ use.
export { derivedCode, effectiveCode, typedCode } from './codes';
export { sequencesRoutes } from './sequences.routes';
export { allocateCertificateNumber, allocateJobNumber } from './sequences.service';
