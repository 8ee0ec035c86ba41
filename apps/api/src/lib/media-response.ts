import type { FastifyReply } from 'fastify';

// Uploaded files are the uploader's bytes served from our own origin. Whatever they turn out to be, they run
// nothing there: a sandboxing CSP (no scripts, no same-origin access, nothing loaded), and anything but an
// image is a download rather than a page — a PDF viewer runs the document's scripts in our origin otherwise.
const MEDIA_CSP = "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'";

/** An uploaded file (random name, never changed) with the headers every stored upload is served with. */
export function sendStoredMedia(
  reply: FastifyReply,
  media: { bytes: Buffer; contentType: string; fileName: string },
) {
  const disposition = media.contentType.startsWith('image/') ? 'inline' : 'attachment';
  return reply
    .type(media.contentType)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('content-security-policy', MEDIA_CSP)
    .header('content-disposition', `${disposition}; filename="${media.fileName}"`)
    .send(media.bytes);
}
