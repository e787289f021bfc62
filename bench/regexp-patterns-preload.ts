/**
 * Benchmark preload: the server as it was before its text patterns became loops over character codes.
 * Every Ajv the server makes (express-openapi-validator's and the list answers') is built by the
 * validator's `factoryAjv`, which it calls through its module object; this wraps it to leave out the
 * `code` option, so Ajv builds every pattern as `new RegExp(pattern, 'u')`. Only bench/text-patterns.ts
 * loads it, for its "before" figures.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const factory = require('express-openapi-validator/dist/framework/ajv/factory.js') as { factoryAjv: (version: string, options: Record<string, unknown>) => unknown };
const real = factory.factoryAjv;
factory.factoryAjv = (version, { code: _code, ...options }) => real(version, options);
