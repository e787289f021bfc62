/**
 * HEAD wherever GET. HTTP (RFC 9110, section 9.3.2) has a server that answers GET on a resource
 * answer HEAD there too, with the same status and header fields and no body; the contract says so
 * once for every path instead of declaring a HEAD twin of each GET. A HEAD request is handled as
 * the GET it mirrors, from authentication to the last header; Node knows the request was HEAD and
 * sends no body.
 */
import type { RequestHandler } from 'express';
import type { ContractIndex } from './contract-index.ts';

/** @param basePath where the API router is mounted, which the contract's paths do not include. */
export function headAsGet(contract: ContractIndex, basePath: string): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'HEAD' && contract.hasGet(basePath + req.path)) {
      req.method = 'GET';
      // Once the answer is complete, the request is logged as what it was.
      res.once('prefinish', () => {
        req.method = 'HEAD';
      });
    }
    next();
  };
}
