/**
 * Every form the start of a real file of an accepted type takes, one small image of each: a JPEG whose
 * first segment is JFIF's APP0 (FF D8 FF E0), Exif's APP1 as cameras and phones write it (FF E1), an
 * ICC profile's APP2 (FF E2), Adobe's APP14 (FF EE, as Photoshop writes it), or no APP segment at all
 * (a quantisation table first, FF DB, as encoders that write no metadata do); a PNG; GIF87a and GIF89a;
 * a WebP of each of its three forms, lossy (VP8), lossless (VP8L) and extended (VP8X, here with an alpha
 * chunk). image.supported-types: "An upload that is not a PNG, JPEG, GIF or WebP image is answered
 * `415`", so each of these is a 201; a server that tells a type by a table of magic numbers holding
 * one form of it (JPEG as FF D8 FF E0, WebP as VP8L) refuses the others, and shows only on them.
 * Built in memory from the one-pixel samples: each is still an image of its type, by its structure.
 */
import { SAMPLE_IMAGES, type SampleFile } from './images.ts';

const base64 = (text: string) => Buffer.from(text, 'base64');
const sampleOf = (type: string, variant?: string) => SAMPLE_IMAGES.find((sample) => sample.type === type && sample.variant === variant)!;

/** A JPEG marker segment: FF, the marker, the length (its own two bytes included), the data. */
function jpegSegment(marker: number, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt8(0xff, 0);
  head.writeUInt8(marker, 1);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
}

/** The JFIF sample with its APP0 segment replaced by `segments` (none: the tables follow SOI at once). */
function jpegStartingWith(segments: Buffer[], variant: string): SampleFile {
  const jfif = sampleOf('image/jpeg').bytes;
  const afterApp0 = 4 + jfif.readUInt16BE(4);
  return { name: 'photo.jpg', type: 'image/jpeg', variant, bytes: Buffer.concat([jfif.subarray(0, 2), ...segments, jfif.subarray(afterApp0)]) };
}

/** Exif: its identifier, then a big-endian TIFF header whose first IFD holds no entries and links to none. */
const EXIF = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), Buffer.from('4d4d002a00000008' + '0000' + '00000000', 'hex')]);

/** An ICC profile of a header and an empty tag table (132 bytes), in its one APP2 chunk (1 of 1). */
function iccProfileData(): Buffer {
  const profile = Buffer.alloc(132);
  profile.writeUInt32BE(132, 0);
  profile.writeUInt32BE(0x02100000, 8); // version 2.1
  profile.write('mntrRGB XYZ ', 12, 'latin1'); // a display profile, RGB to the XYZ connection space
  profile.write('acsp', 36, 'latin1'); // the profile file signature
  return Buffer.concat([Buffer.from('ICC_PROFILE\0', 'latin1'), Buffer.from([1, 1]), profile]);
}

/** Adobe's APP14: its identifier, version 100, no flags, colour transform 0 (none). */
const ADOBE = Buffer.concat([Buffer.from('Adobe', 'latin1'), Buffer.from('00640000000000', 'hex')]);

export const IMAGE_FORMS: readonly SampleFile[] = [
  { ...sampleOf('image/jpeg'), variant: 'JFIF, FF D8 FF E0' },
  jpegStartingWith([jpegSegment(0xe1, EXIF)], 'Exif, FF D8 FF E1'),
  jpegStartingWith([jpegSegment(0xe2, iccProfileData())], 'an ICC profile first, FF D8 FF E2'),
  jpegStartingWith([jpegSegment(0xee, ADOBE)], 'Adobe APP14, FF D8 FF EE'),
  jpegStartingWith([], 'no APP segment, FF D8 FF DB'),
  { ...sampleOf('image/png'), variant: 'PNG' },
  { ...sampleOf('image/gif', 'GIF87a') },
  { ...sampleOf('image/gif'), variant: 'GIF89a' },
  { name: 'lossy.webp', type: 'image/webp', variant: 'lossy, VP8', bytes: base64('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA') },
  { ...sampleOf('image/webp'), variant: 'lossless, VP8L' },
  {
    name: 'alpha.webp',
    type: 'image/webp',
    variant: 'extended, VP8X with an alpha chunk',
    bytes: base64('UklGRkoAAABXRUJQVlA4WAoAAAAQAAAAAAAAAAAAQUxQSAwAAAARBxAR/Q9ERP8DAABWUDggGAAAABQBAJ0BKgEAAQAAAP4AAA3AAP7mtQAAAA=='),
  },
];
