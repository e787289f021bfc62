/** HTTP for images: uploadImage. Multipart parsing and its limits are set up with the validator. */
import { Router } from 'express';
import { problems } from '../http/problem.ts';
import type { ImageService } from '../services/images.ts';

export function imageRoutes(images: ImageService): Router {
  return Router().post('/images/upload', async (req, res) => {
    const files = (req.files ?? []) as Express.Multer.File[];
    const file = files.find((f) => f.fieldname === 'file');
    if (!file || files.length !== 1) throw problems.invalidField('file', 'send exactly one part, named file');
    res.status(201).json(await images.store(file.buffer));
  });
}
