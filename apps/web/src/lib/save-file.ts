// Files the API answers (CSV reports and exports) are fetched with the bearer token, which a plain link
// would not carry, then handed to the browser's save dialog from memory.

/** The file name the server gives in Content-Disposition, else `fallback`. */
export function fileNameOf(response: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

/** Hands a downloaded file to the browser's save dialog. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
