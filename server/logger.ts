import pino, { type Bindings, type Logger, type LoggerOptions } from 'pino';
import type { Config } from './config.ts';

const redact: LoggerOptions['redact'] = {
  paths: [
    'req.headers.authorization',
    'req.headers.cookie',
    '*.password',
    '*.token',
    '*.refreshToken',
    '*.totp',
    '*.code',
    'password',
    'token',
  ],
  censor: '[redacted]',
};

/**
 * The process logger: JSON lines for log collectors, or pino-pretty's coloured lines (in pino's transport thread, so
 * formatting never runs on the event loop) when LOG_FORMAT is `pretty`, the default on a terminal.
 */
export function createLogger(config: Pick<Config, 'logLevel' | 'logFormat'>, bindings?: Bindings): Logger {
  return pino({
    level: config.logLevel,
    redact,
    ...(bindings ? { base: bindings } : {}),
    ...(config.logFormat === 'pretty'
      ? {
          transport: {
            target: 'pino-pretty',
            options: {
              colorize: true,
              translateTime: 'SYS:HH:MM:ss.l',
              singleLine: true,
              // Fastify's request lines: method, path and status in the message, the rest (request id, time) after.
              messageFormat:
                '{msg}{if req.method} {req.method} {req.url}{end}{if res.statusCode} {res.statusCode}{end}',
              ignore: 'pid,hostname,req,res',
            },
          },
        }
      : {}),
  });
}
