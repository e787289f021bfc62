/** Handlers of the image operations: uploadImage. The multipart body is parsed before the validator (http/uploads.ts). */
import { problems } from '../http/problem.ts';
import type { OperationHandlers } from '../http/operations.ts';
import type { ImageService } from '../services/images.ts';

export function imageOperations(images: ImageService): OperationHandlers<'uploadImage'> {
  return {
    uploadImage: async (req, res) => {
      const files = (req.files ?? []) as Express.Multer.File[];
      const file = files.find((f) => f.fieldname === 'file');
      if (!file || files.length !== 1) throw problems.invalidField('file', 'send exactly one part, named file');
      res.status(201).json(await images.store(file.path));
    },
  };
}
