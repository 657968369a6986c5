import type { FastifyRequest } from 'fastify';

/** Who made a request, as sessions and the activity log keep it. */
export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

export const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
});
