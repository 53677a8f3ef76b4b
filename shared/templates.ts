/**
 * Templates and the asset library, named once for the server and the SPA: the image types an upload may hold (checked
 * by content), the upload cap, the starter designs a template can begin from, and the preview widths.
 */

/** Image types the asset library keeps, recognised from the file's bytes (never its name or declared type). */
export const ASSET_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type AssetContentType = (typeof ASSET_CONTENT_TYPES)[number];
/** The largest image the library takes: a campaign with embedded images cannot exceed 5MB as a whole. */
export const ASSET_MAX_BYTES = 5 * 1024 * 1024;

/** Where a new template starts (the contract's TemplateStarter). */
export const TEMPLATE_STARTERS = ['blank', 'newsletter', 'announcement'] as const;
export type TemplateStarter = (typeof TEMPLATE_STARTERS)[number];

/** Preview widths in CSS pixels: a desktop mail client's content column and a phone's screen. */
/**
 * How every email's MJML is compiled. `fonts: {}` stops MJML adding its default Google Fonts links for the fonts a
 * template merely names (Ubuntu is in every mj-text's default stack): an email then asks no third party for anything
 * the sender did not put in it, its readers' addresses are not handed to Google (a GDPR concern for our EU users),
 * and the preview renders at once with the stack's next font instead of waiting on a stylesheet. A template that
 * wants a web font says so with `<mj-font>`, which MJML still honours.
 */
export const MJML_OPTIONS = { validationLevel: 'soft', keepComments: false, fonts: {} } as const;

export const PREVIEW_WIDTHS = { desktop: 600, mobile: 375 } as const;
export type PreviewDevice = keyof typeof PREVIEW_WIDTHS;

/** The merge tag the picker offers first: a greeting that still reads well when the first name is empty. */
export const FIRST_NAME_MERGE_TAG = '{{ contact.first_name | default: "there" }}';

/** The texts the server answers for templates and assets (English; the SPA shows its own translations). */
export const TEMPLATE_TEXTS = {
  assetType: 'Only PNG, JPEG, GIF and WebP images can be uploaded',
  assetTooLarge: 'An image cannot exceed 5MB',
  assetMissing: 'Choose an image to upload',
  copySuffix: ' (copy)',
} as const;
