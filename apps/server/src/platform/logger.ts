import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';

/** pino options: JSON logs with request ids; secrets never logged. */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.senha'],
      censor: '[redacted]',
    },
  };
}
