import type { AnyMachineSnapshot, OutputFrom } from 'xstate';
import type * as assetActors from '../../src/machines/assetLibrary/assetLibrary.actors.ts';
import {
  assetLibraryMachine,
  type Asset,
  type AssetLibraryEvent,
} from '../../src/machines/assetLibrary/assetLibrary.machine.ts';
import type * as previewActors from '../../src/machines/messagePreview/messagePreview.actors.ts';
import {
  messagePreviewMachine,
  type MessagePreviewEvent,
  type PreviewTarget,
} from '../../src/machines/messagePreview/messagePreview.machine.ts';
import type * as editorActors from '../../src/machines/templateEditor/templateEditor.actors.ts';
import {
  templateEditorMachine,
  type Template,
  type TemplateEditorEvent,
  type TemplateEditorInput,
} from '../../src/machines/templateEditor/templateEditor.machine.ts';
import type * as libraryActors from '../../src/machines/templateLibrary/templateLibrary.actors.ts';
import {
  templateLibraryMachine,
  type TemplateLibraryEvent,
  type TemplateLibraryInput,
} from '../../src/machines/templateLibrary/templateLibrary.machine.ts';
import type * as testSendActors from '../../src/machines/testSend/testSend.actors.ts';
import {
  testSendMachine,
  type TestSendEvent,
  type TestSendInput,
} from '../../src/machines/testSend/testSend.machine.ts';
import { done, failed, type MachineModel, type ModelEvent } from './graph.ts';

const summary = {
  id: 7,
  channel: 'email' as const,
  name: 'Spring',
  subject: null,
  html: '<p>Hi</p>',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const template: Template = { ...summary, design: null, source: '<mjml></mjml>', text: 'Hi' };
const asset: Asset = {
  id: 3,
  filename: 'logo.png',
  contentType: 'image/png',
  size: 10,
  width: 1,
  height: 1,
  url: 'http://localhost/api/public/assets/x',
  createdAt: '2026-01-01T00:00:00.000Z',
};

// ── library ──
export const libraryEventFixtures = {
  'library.retry': [{ type: 'library.retry' }],
  'library.reload': [{ type: 'library.reload' }],
  'library.search': [{ type: 'library.search', q: 'spr' }],
  'library.page': [{ type: 'library.page', page: 2 }],
  'create.open': [{ type: 'create.open' }],
  'template.create': [
    { type: 'template.create', name: ' ', starter: 'blank' },
    { type: 'template.create', name: 'News', starter: 'newsletter' },
  ],
  'template.duplicate': [{ type: 'template.duplicate', id: 7 }],
  'rename.open': [{ type: 'rename.open', id: 7, name: 'Spring' }],
  'template.rename': [
    { type: 'template.rename', name: '' },
    { type: 'template.rename', name: 'Summer' },
  ],
  'dialog.cancel': [{ type: 'dialog.cancel' }],
  'template.delete': [{ type: 'template.delete', id: 7, name: 'Spring' }],
  'delete.confirm': [{ type: 'delete.confirm' }],
  'delete.cancel': [{ type: 'delete.cancel' }],
} satisfies { [K in TemplateLibraryEvent['type']]: Array<Extract<TemplateLibraryEvent, { type: K }>> };

export const libraryOutputFixtures = {
  loadTemplates: { page: { items: [summary], page: 1, pages: 2, total: 13 } },
  createTemplate: { saved: { kind: 'saved', id: 8 }, rejected: { kind: 'rejected' } },
  duplicateTemplate: { saved: { kind: 'saved', id: 9 } },
  renameTemplate: { saved: { kind: 'saved', id: 7 }, rejected: { kind: 'rejected' } },
  deleteTemplate: { deleted: undefined },
} satisfies { [K in keyof typeof libraryActors]?: Record<string, OutputFrom<(typeof libraryActors)[K]>> };

const lo = libraryOutputFixtures;
export const templateLibraryModel: MachineModel<TemplateLibraryInput> = {
  name: 'templateLibrary',
  machine: templateLibraryMachine,
  inputs: { email: { channel: 'email' } },
  events: [
    ...Object.values(libraryEventFixtures).flat(),
    done('loadTemplates', lo.loadTemplates.page, 'page'),
    failed('loadTemplates'),
    done('createTemplate', lo.createTemplate.saved, 'saved'),
    done('createTemplate', lo.createTemplate.rejected, 'rejected'),
    failed('createTemplate'),
    done('duplicateTemplate', lo.duplicateTemplate.saved, 'saved'),
    failed('duplicateTemplate'),
    done('renameTemplate', lo.renameTemplate.saved, 'saved'),
    done('renameTemplate', lo.renameTemplate.rejected, 'rejected'),
    failed('renameTemplate'),
    done('deleteTemplate', lo.deleteTemplate.deleted, 'deleted'),
    failed('deleteTemplate'),
  ] as ModelEvent[],
  serializeState: (s: AnyMachineSnapshot) =>
    JSON.stringify({ value: s.value, error: s.context.error, q: s.context.query.q, page: s.context.query.page }),
};

// ── editor ──
export const editorEventFixtures = {
  'editor.retry': [{ type: 'editor.retry' }],
  'design.changed': [{ type: 'design.changed' }],
  'subject.changed': [{ type: 'subject.changed', subject: 'Hi {{ contact.first_name }}' }],
  'editor.save': [{ type: 'editor.save', design: { pages: [] }, source: '<mjml><mj-body></mj-body></mjml>' }],
  'source.open': [{ type: 'source.open', source: '<mjml></mjml>' }],
  'source.edit': [{ type: 'source.edit', source: '<mjml><mj-body></mj-body></mjml>' }],
  'source.apply': [{ type: 'source.apply' }],
  'source.cancel': [{ type: 'source.cancel' }],
} satisfies { [K in TemplateEditorEvent['type']]: Array<Extract<TemplateEditorEvent, { type: K }>> };

export const editorOutputFixtures = {
  loadEditor: { loaded: { template, mergeTags: [{ tag: '{{ mirror_url }}', kind: 'link', name: 'mirror_url' }] } },
  saveTemplate: {
    saved: { kind: 'saved', template },
    rejected: { kind: 'rejected', problems: { source: ['Unknown merge tag {{ contact.x }} on line 2'] } },
  },
} satisfies { [K in keyof typeof editorActors]: Record<string, OutputFrom<(typeof editorActors)[K]>> };

const eo = editorOutputFixtures;
export const templateEditorModel: MachineModel<TemplateEditorInput> = {
  name: 'templateEditor',
  machine: templateEditorMachine,
  inputs: { email: { channel: 'email', templateId: 7 } },
  events: [
    ...Object.values(editorEventFixtures).flat(),
    done('loadEditor', eo.loadEditor.loaded, 'loaded'),
    failed('loadEditor'),
    done('saveTemplate', eo.saveTemplate.saved, 'saved'),
    done('saveTemplate', eo.saveTemplate.rejected, 'rejected'),
    failed('saveTemplate'),
  ] as ModelEvent[],
  journeys: [
    {
      name: 'editing the source by hand and applying it',
      input: 'email',
      events: [
        done('loadEditor', eo.loadEditor.loaded, 'loaded'),
        editorEventFixtures['source.open'][0],
        editorEventFixtures['source.edit'][0],
        editorEventFixtures['source.apply'][0],
      ] as ModelEvent[],
    },
  ],
  serializeState: (s: AnyMachineSnapshot) =>
    JSON.stringify({
      value: s.value,
      error: s.context.error,
      problems: Object.keys(s.context.problems as object),
      reloaded: s.context.loaded.revision > 1,
    }),
  limit: 400,
};

// ── test sends ──
export const testSendEventFixtures = {
  'testSend.open': [{ type: 'testSend.open' }],
  'testSend.close': [{ type: 'testSend.close' }],
  'testSend.submit': [
    { type: 'testSend.submit', addresses: ['a@example.com', ' b@example.com '] },
    { type: 'testSend.submit', addresses: ['not an address'] },
    { type: 'testSend.submit', addresses: Array.from({ length: 11 }, (_, i) => `t${i}@example.com`) },
  ],
} satisfies { [K in TestSendEvent['type']]: Array<Extract<TestSendEvent, { type: K }>> };

export const testSendOutputFixtures = {
  sendTests: { two: 2 },
} satisfies { [K in keyof typeof testSendActors]: Record<string, OutputFrom<(typeof testSendActors)[K]>> };

export const testSendModel: MachineModel<TestSendInput> = {
  name: 'testSend',
  machine: testSendMachine,
  inputs: { template: { channel: 'email', templateId: 7 } },
  events: [
    ...Object.values(testSendEventFixtures).flat(),
    done('sendTests', testSendOutputFixtures.sendTests.two, 'two'),
    failed('sendTests'),
  ] as ModelEvent[],
  serializeState: (s: AnyMachineSnapshot) => JSON.stringify({ value: s.value, error: s.context.error }),
};

// ── images ──
export const assetEventFixtures = {
  'assets.retry': [{ type: 'assets.retry' }],
  // One file only: paths tell events apart by their JSON, and every File serialises as {} (the size cap is checked
  // in assetLibrary.machine.test.ts).
  'asset.upload': [{ type: 'asset.upload', file: new File([new Uint8Array(4)], 'logo.png', { type: 'image/png' }) }],
  'asset.delete': [{ type: 'asset.delete', id: 3 }],
  'delete.confirm': [{ type: 'delete.confirm' }],
  'delete.cancel': [{ type: 'delete.cancel' }],
} satisfies { [K in AssetLibraryEvent['type']]: Array<Extract<AssetLibraryEvent, { type: K }>> };

export const assetOutputFixtures = {
  loadAssets: { one: [asset] },
  uploadAsset: {
    uploaded: { kind: 'uploaded', asset: { ...asset, id: 4 } },
    rejected: { kind: 'rejected', reason: 'assetType' },
  },
  deleteAsset: { deleted: undefined },
} satisfies { [K in keyof typeof assetActors]: Record<string, OutputFrom<(typeof assetActors)[K]>> };

const ao = assetOutputFixtures;
export const assetLibraryModel: MachineModel<undefined> = {
  name: 'assetLibrary',
  machine: assetLibraryMachine,
  inputs: { none: undefined },
  events: [
    ...Object.values(assetEventFixtures).flat(),
    done('loadAssets', ao.loadAssets.one, 'one'),
    failed('loadAssets'),
    done('uploadAsset', ao.uploadAsset.uploaded, 'uploaded'),
    done('uploadAsset', ao.uploadAsset.rejected, 'rejected'),
    failed('uploadAsset'),
    done('deleteAsset', ao.deleteAsset.deleted, 'deleted'),
    failed('deleteAsset'),
  ] as ModelEvent[],
  serializeState: (s: AnyMachineSnapshot) =>
    JSON.stringify({ value: s.value, error: s.context.error, assets: (s.context.assets as Asset[]).length > 0 }),
};

// ── preview ──
const target: PreviewTarget = { kind: 'template', channel: 'email', id: 7 };
export const previewEventFixtures = {
  'preview.retry': [{ type: 'preview.retry' }],
  'preview.refresh': [{ type: 'preview.refresh' }],
  'preview.contact': [{ type: 'preview.contact', contactId: 5 }],
  'preview.device': [{ type: 'preview.device', device: 'mobile' }],
  'contacts.search': [{ type: 'contacts.search', q: 'ada' }],
} satisfies { [K in MessagePreviewEvent['type']]: Array<Extract<MessagePreviewEvent, { type: K }>> };

export const previewOutputFixtures = {
  renderPreview: { rendered: { subject: 'Hi Alex', html: '<p>Hi Alex</p>', text: 'Hi Alex' } },
  searchContacts: { one: [{ id: 5, label: 'Ada · ada@example.com' }] },
} satisfies { [K in keyof typeof previewActors]: Record<string, OutputFrom<(typeof previewActors)[K]>> };

export const messagePreviewModel: MachineModel<{ target: PreviewTarget }> = {
  name: 'messagePreview',
  machine: messagePreviewMachine,
  inputs: { template: { target } },
  events: [
    ...Object.values(previewEventFixtures).flat(),
    done('renderPreview', previewOutputFixtures.renderPreview.rendered, 'rendered'),
    failed('renderPreview'),
    done('searchContacts', previewOutputFixtures.searchContacts.one, 'one'),
    failed('searchContacts'),
  ] as ModelEvent[],
  serializeState: (s: AnyMachineSnapshot) =>
    JSON.stringify({ value: s.value, device: s.context.device, contact: s.context.contactId }),
};
