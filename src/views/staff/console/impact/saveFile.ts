/** Hands a text file to the browser as a download (the CSV export). */
export function saveFile(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
