import type { ApiFile } from '../lib/api/http';

/** Hands a downloaded file (an invoice, a CSV export) to the browser's downloads under its name. */
export function saveFile({ file, name }: ApiFile): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(file);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser's download by the next task.
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
}
