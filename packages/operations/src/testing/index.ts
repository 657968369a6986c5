/** Helpers of the fault tests: free ports, deadlines, raw sockets, child processes, private PostgreSQL and Redis servers. */
export * from './private-postgres';
export * from './private-redis';
export * from './processes';
