// What the processes mount and start (apps/api/src/app.ts and runtime.ts): the
// context's routes, workers and schedulers. Other contexts use index.ts.
export { configurationRoutes } from './configuration/routes';
export { demoTrafficRoutes } from './demo-traffic/routes';
export type { DemoTrafficHealth } from './demo-traffic/status';
export { folderTransport, smtpTransport } from './emails/transport';
export { type MailWorker, startMailWorker } from './emails/worker';
export { externalApiRoutes } from './external-apis/routes';
export { fileUploadRoutes } from './file-uploads/routes';
export { healthRoutes } from './health/routes';
export { referenceRoutes } from './reference/routes';
export { urlVerifyRoutes } from './url-verify/routes';
