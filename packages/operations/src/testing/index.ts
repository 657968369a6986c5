/** Helpers of the fault tests: free ports, deadlines, raw sockets, child processes, private PostgreSQL, Redis and NATS servers. */
export * from './private-nats';
export * from './private-postgres';
export * from './private-redis';
export * from './processes';
