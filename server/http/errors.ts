import type { z } from 'zod';
import type { FastifyReply } from 'fastify';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  503: 'Service Unavailable',
};

/** Every HTTP error has the shape `{ statusCode, message, error }` (docs/protocol.md, HTTP). */
export function httpError(statusCode: number, message: string | string[]) {
  return { statusCode, message, error: REASONS[statusCode] ?? 'Error' };
}

export function sendError(reply: FastifyReply, statusCode: number, message: string | string[]): FastifyReply {
  return reply.code(statusCode).send(httpError(statusCode, message));
}

/** One message per broken rule, in field order, as the sign-up form shows them (docs/protocol.md, sign-up). */
export function messages(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const field = issue.path.join('.');
    if (issue.code === 'unrecognized_keys') return `unknown field(s): ${issue.keys.join(', ')}`;
    if (issue.code === 'invalid_type' && issue.input === undefined) return `${field} is required`;
    return issue.message;
  });
}
