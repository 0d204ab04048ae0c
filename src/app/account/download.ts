/** Saves `data` as a JSON file named `filename` through the browser's download. */
export function downloadJson(data: unknown, filename: string): void {
  const blob = new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; the address is not needed any more.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
