/** Hands a file to the browser to save under this name. */
export function saveFile(file: Blob, name: string) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download by now; the object URL can go once it has read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
