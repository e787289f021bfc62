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
      const image = await images.store(file.path);
      // The image is the resource the upload creates, and the API has no GET of its own for it: its
      // public URL is where it is read back, so Location names that (image.location-is-url).
      res.status(201).location(image.url).json(image);
    },
  };
}
