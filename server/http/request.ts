/**
 * Reading a validated request. By the time a handler runs, the OpenAPI validator has checked every
 * input against the contract, so these helpers only convert and type; they never re-validate.
 */
import type { Request } from 'express';
import type { operations } from '../../generated/openapi.d.ts';
import type { Paging } from '../store/common.ts';
import { pathParamsOf } from './operations.ts';

type JsonBodyOf<T> = T extends { requestBody?: { content: { 'application/json': infer Body } } } ? Body : never;

/** The JSON body of operation `Op`, typed from the contract. */
export const bodyOf = <Op extends keyof operations>(req: Request): JsonBodyOf<operations[Op]> =>
  (req.body ?? {}) as JsonBodyOf<operations[Op]>;

/** A path parameter; the validator has checked it is a whole number in range. */
export const pathId = (req: Request, name: string): number => Number(pathParamsOf(req)[name]);

const queryValue = (req: Request, name: string): string | undefined => {
  const value = req.query[name];
  return value === undefined ? undefined : String(value);
};

export function paging(req: Request): Paging {
  return { page: Number(queryValue(req, 'page') ?? 1), size: Number(queryValue(req, 'size') ?? 10) };
}

export const queryString = <T extends string>(req: Request, name: string): T | undefined => queryValue(req, name) as T | undefined;

export const queryInteger = (req: Request, name: string): number | undefined => {
  const value = queryValue(req, name);
  return value === undefined ? undefined : Number(value);
};

export const queryBoolean = (req: Request, name: string): boolean | undefined => {
  const value = queryValue(req, name);
  return value === undefined ? undefined : value === 'true';
};
