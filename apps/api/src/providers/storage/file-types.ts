// What an upload is, read from its first bytes (docs/conventions.md §8): the name and the declared type are the client's
// word. One table for every upload path; each path allows its own few types. SVG and HTML are nowhere here:
// they can carry script.

const ANY = null;
const text = (value: string) => [...value].map((char) => char.charCodeAt(0));
type Signature = readonly (number | typeof ANY)[];

const fileTypes = {
  png: { contentType: 'image/png', signatures: [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]] },
  jpg: { contentType: 'image/jpeg', signatures: [[0xff, 0xd8, 0xff]] },
  gif: { contentType: 'image/gif', signatures: [text('GIF87a'), text('GIF89a')] },
  webp: { contentType: 'image/webp', signatures: [[...text('RIFF'), ANY, ANY, ANY, ANY, ...text('WEBP')]] },
  pdf: { contentType: 'application/pdf', signatures: [text('%PDF-')] },
} satisfies Record<string, { contentType: string; signatures: readonly Signature[] }>;

/** A sniffable type, named by the extension its files are stored with. */
export type FileType = keyof typeof fileTypes;

/** How many first bytes sniffFileType needs to tell every type apart. */
export const SNIFF_BYTES = Math.max(
  ...Object.values(fileTypes).flatMap((type) => type.signatures.map((signature) => signature.length)),
);

const matches = (head: Uint8Array, signature: Signature) =>
  head.length >= signature.length && signature.every((byte, i) => byte === ANY || head[i] === byte);

/** The type the first bytes show, if it is one of `allowed`. */
export function sniffFileType(head: Uint8Array, allowed: readonly FileType[]): FileType | null {
  const signaturesOf = (type: FileType): readonly Signature[] => fileTypes[type].signatures;
  return allowed.find((type) => signaturesOf(type).some((signature) => matches(head, signature))) ?? null;
}

export function contentTypeOf(type: FileType): string {
  return fileTypes[type].contentType;
}

/**
 * The type of a stored file's name, if the name has the shape save gives (32 hex digits and an extension) and
 * one of `allowed`; null for anything else, so a served path never reaches the store unchecked.
 */
export function fileTypeOfName(fileName: string, allowed: readonly FileType[]): FileType | null {
  const extension = /^[0-9a-f]{32}\.([a-z]+)$/.exec(fileName)?.[1];
  return allowed.find((type) => type === extension) ?? null;
}
