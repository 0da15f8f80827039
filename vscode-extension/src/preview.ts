/**
 * The text and name of the read-only JSON document "Preview Outputs" opens.
 * Pure: commands.ts does the VS Code side.
 */
import * as path from 'node:path';

/** The preview's path: `server.yaml` → `/server.preview.json` (the tab's title; JSON mode). */
export function previewPath(sourcePath: string): string {
  const base = path.posix.basename(sourcePath.replace(/\\/g, '/'));
  const stem = base.replace(/\.(ya?ml|template)$/i, '') || 'template';
  return `/${stem}.preview.json`;
}

/**
 * The server's answer to hot-ls.previewOutputs as the document's text, or
 * undefined when it has no preview (the document is not a Heat template).
 */
export function previewText(result: unknown): string | undefined {
  if (result === null || result === undefined) {
    return undefined;
  }
  return `${JSON.stringify(result, null, 2)}\n`;
}
