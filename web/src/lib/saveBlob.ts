/** Saves a file the app made or fetched under `fileName`, as the browser's download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
