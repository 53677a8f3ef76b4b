import type { components } from '../../../shared/contract/schema';

export type Asset = components['schemas']['Asset'];

/** An upload the server refused: not one of the four image types, or over the size cap. */
export type UploadOutcome = { kind: 'uploaded'; asset: Asset } | { kind: 'rejected'; reason: 'assetType' | 'tooLarge' };

export type AssetLibraryError = 'loadFailed' | 'assetType' | 'tooLarge' | 'uploadFailed' | 'deleteFailed';

export interface AssetLibraryContext {
  assets: Asset[];
  /** The file being uploaded. */
  uploading: File | null;
  pending: Asset | null;
  error: AssetLibraryError | null;
}

export type AssetLibraryEvent =
  | { type: 'assets.retry' }
  | { type: 'asset.upload'; file: File }
  | { type: 'asset.delete'; id: number }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' };
