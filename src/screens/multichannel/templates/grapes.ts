/**
 * GrapesJS with its MJML plugin: the drag-and-drop email designer. Only MjmlCanvas imports this module, and only
 * dynamically, so GrapesJS, mjml-browser and their CSS land in a chunk of their own that no other route loads.
 */
import grapesjs, { type Editor, type ProjectData } from 'grapesjs';
import grapesMjml from 'grapesjs-mjml';
import 'grapesjs/dist/css/grapes.min.css';

export type { Editor };

export interface MjmlEditorOptions {
  container: HTMLElement;
  /** Where the blocks to drag are listed (always shown, beside the canvas). */
  blocks: HTMLElement;
  source: string;
  design: Record<string, unknown> | null;
  assets: string[];
  /** Called with a file GrapesJS's asset manager was given (dropped or chosen). */
  upload: (file: File) => void;
}

/** Builds the editor: from the saved project data when there is some, otherwise from the MJML source. */
export function createMjmlEditor(options: MjmlEditorOptions): Editor {
  const editor = grapesjs.init({
    container: options.container,
    height: '100%',
    width: 'auto',
    fromElement: false,
    // Designs are saved by the screen (the project data goes to the server with the MJML), never to localStorage.
    storageManager: false,
    blockManager: { appendTo: options.blocks },
    plugins: [grapesMjml],
    pluginsOpts: { [grapesMjml as unknown as string]: { useXmlParser: true } },
    assetManager: {
      assets: options.assets,
      // No upload endpoint: files go to `upload` (the asset library's machine). GrapesJS reads `disableUpload`
      // (not in its types) to keep the uploader shown without an endpoint.
      upload: false,
      ...({ disableUpload: false } as object),
      uploadFile: (event: DragEvent | Event) => {
        const files = (event as DragEvent).dataTransfer?.files ?? (event.target as HTMLInputElement | null)?.files;
        for (const file of Array.from(files ?? [])) options.upload(file);
        return undefined;
      },
    },
    ...(options.design ? { projectData: options.design as unknown as ProjectData } : {}),
    ...(options.design ? {} : { components: options.source }),
  });
  return editor;
}

/** The design as saved: GrapesJS project data and the MJML it exports. */
export function designOf(editor: Editor): { design: Record<string, unknown>; source: string } {
  return { design: editor.getProjectData() as unknown as Record<string, unknown>, source: editor.getHtml() };
}

/** Replaces what the editor shows with an MJML source (the source view applied). */
export function loadSource(editor: Editor, source: string): void {
  editor.setComponents(source);
}

/** Inserts a merge tag where the text cursor is in the canvas, or at the end of the selected text block. */
export function insertAtCursor(editor: Editor, text: string): boolean {
  if (editor.getEditing()) {
    return editor.Canvas.getDocument()?.execCommand('insertText', false, text) ?? false;
  }
  const selected = editor.getSelected();
  if (!selected) return false;
  const type = selected.get('type') ?? '';
  if (!/text|button/.test(type)) return false;
  selected.append(text);
  return true;
}
