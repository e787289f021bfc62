/**
 * A `201` answer: the created resource, and its URL in `Location` (RFC 9110 section 10.2.2), the
 * request's own path with the new id appended, so `GET` of it reads the resource back
 * (headers.location-created). An absolute path, so it stays right behind a proxy that keeps the path.
 */
import type { Request, Response } from 'express';

export function sendCreated<T extends { id: number }>(req: Request, res: Response, resource: T): void {
  const collection = req.originalUrl.split('?')[0]!.replace(/\/+$/, '');
  res.status(201).location(`${collection}/${resource.id}`).json(resource);
}
