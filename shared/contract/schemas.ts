// Generated from openapi/openapi.yaml by scripts/contract-schemas.mjs (`npm run api:gen`); do not edit.
// `npm run api:check` fails when this file is stale.
/* eslint-disable */

export const NotificationCategories = {
  type: 'object',
  additionalProperties: false,
  required: ['imports', 'sends', 'failures'],
  properties: {
    imports: {
      type: 'boolean',
      description: 'Imports finished',
    },
    sends: {
      type: 'boolean',
      description: 'Campaigns sent',
    },
    failures: {
      type: 'boolean',
      description: 'Failed imports, sends and deliveries',
    },
  },
} as const;

export const NotificationSettingsInput = {
  type: 'object',
  additionalProperties: false,
  required: ['inApp', 'email', 'digest'],
  properties: {
    inApp: {
      type: 'object',
      additionalProperties: false,
      required: ['imports', 'sends', 'failures'],
      properties: {
        imports: {
          type: 'boolean',
          description: 'Imports finished',
        },
        sends: {
          type: 'boolean',
          description: 'Campaigns sent',
        },
        failures: {
          type: 'boolean',
          description: 'Failed imports, sends and deliveries',
        },
      },
    },
    email: {
      type: 'object',
      additionalProperties: false,
      required: ['imports', 'sends', 'failures'],
      properties: {
        imports: {
          type: 'boolean',
          description: 'Imports finished',
        },
        sends: {
          type: 'boolean',
          description: 'Campaigns sent',
        },
        failures: {
          type: 'boolean',
          description: 'Failed imports, sends and deliveries',
        },
      },
    },
    digest: {
      type: 'object',
      additionalProperties: false,
      required: ['enabled', 'pattern', 'period', 'timeZone'],
      properties: {
        enabled: {
          type: 'boolean',
        },
        pattern: {
          type: 'string',
          maxLength: 200,
          pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
          description: 'Five fields: minute hour day-of-month month day-of-week',
        },
        period: {
          type: 'string',
          enum: ['minute', 'hour', 'day', 'week', 'month', 'year'],
        },
        timeZone: {
          type: 'string',
          minLength: 1,
          maxLength: 64,
          pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
          description: 'IANA time zone',
        },
      },
    },
  },
} as const;

export const NotificationSettings = {
  type: 'object',
  required: ['inApp', 'email', 'digest'],
  properties: {
    inApp: {
      type: 'object',
      additionalProperties: false,
      required: ['imports', 'sends', 'failures'],
      properties: {
        imports: {
          type: 'boolean',
          description: 'Imports finished',
        },
        sends: {
          type: 'boolean',
          description: 'Campaigns sent',
        },
        failures: {
          type: 'boolean',
          description: 'Failed imports, sends and deliveries',
        },
      },
    },
    email: {
      type: 'object',
      additionalProperties: false,
      required: ['imports', 'sends', 'failures'],
      properties: {
        imports: {
          type: 'boolean',
          description: 'Imports finished',
        },
        sends: {
          type: 'boolean',
          description: 'Campaigns sent',
        },
        failures: {
          type: 'boolean',
          description: 'Failed imports, sends and deliveries',
        },
      },
    },
    digest: {
      type: 'object',
      required: ['enabled', 'pattern', 'period', 'timeZone', 'lastSentAt', 'nextRuns'],
      properties: {
        enabled: {
          type: 'boolean',
        },
        pattern: {
          type: 'string',
        },
        period: {
          type: 'string',
          enum: ['minute', 'hour', 'day', 'week', 'month', 'year'],
        },
        timeZone: {
          type: 'string',
        },
        lastSentAt: {
          type: ['string', 'null'],
          format: 'date-time',
        },
        nextRuns: {
          type: 'array',
          items: {
            type: 'string',
            format: 'date-time',
          },
        },
      },
    },
  },
} as const;

export const Notification = {
  type: 'object',
  required: ['id', 'kind', 'level', 'values', 'createdAt'],
  properties: {
    id: {
      type: 'string',
    },
    kind: {
      type: 'string',
      description: 'Stable code the SPA translates, e.g. import.finished',
    },
    level: {
      type: 'string',
      enum: ['info', 'success', 'warning', 'error'],
    },
    values: {
      type: 'object',
      additionalProperties: {
        type: ['string', 'number'],
      },
    },
    createdAt: {
      type: 'string',
      format: 'date-time',
    },
  },
} as const;

export const Error = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: {
      type: 'string',
      description: 'Stable machine-readable code',
    },
    message: {
      type: 'string',
      description: 'Human-readable message in English',
    },
    errors: {
      type: 'object',
      description: 'Field path → messages; the first is shown',
      additionalProperties: {
        type: 'array',
        items: {
          type: 'string',
        },
      },
    },
  },
} as const;

export const Pagination = {
  type: 'object',
  required: ['page', 'perPage', 'total', 'pages'],
  properties: {
    page: {
      type: 'integer',
    },
    perPage: {
      type: 'integer',
    },
    total: {
      type: 'integer',
    },
    pages: {
      type: 'integer',
    },
    nextCursor: {
      type: ['string', 'null'],
      description: 'Lists that take a cursor only; the cursor of the next page, null on the last page',
    },
  },
} as const;

export const Email = {
  type: 'string',
  format: 'email',
  minLength: 5,
  maxLength: 254,
} as const;

export const NewPassword = {
  type: 'string',
  minLength: 5,
  maxLength: 1024,
} as const;

export const Language = {
  type: 'string',
  pattern: '^[a-z]{2}(-[a-z]{2})?$',
} as const;

export const BuildManifest = {
  type: 'object',
  required: ['buildId'],
  properties: {
    buildId: {
      type: 'string',
    },
    builtAt: {
      type: 'string',
    },
  },
} as const;

export const Session = {
  type: 'object',
  required: ['token', 'expiresAt', 'refreshExpiresAt', 'cookieDomain'],
  properties: {
    token: {
      type: 'string',
      description: 'Access token (JWT)',
    },
    expiresAt: {
      type: 'string',
      format: 'date-time',
      description: 'When the access token expires',
    },
    refreshExpiresAt: {
      type: 'string',
      format: 'date-time',
      description: 'When the session ends: 1 day, or 30 with remember',
    },
    cookieDomain: {
      type: ['string', 'null'],
      description:
        "The parent domain for the client's session cookie, by the public suffix list (`app.example.co.uk` →\n`example.co.uk`); null for a host-only cookie (localhost, IP addresses)\n",
    },
  },
} as const;

export const LoginResult = {
  type: 'object',
  required: ['twoFactorRequired', 'token', 'expiresAt', 'refreshExpiresAt', 'cookieDomain'],
  properties: {
    twoFactorRequired: {
      type: 'boolean',
    },
    token: {
      type: ['string', 'null'],
    },
    expiresAt: {
      type: ['string', 'null'],
      format: 'date-time',
    },
    refreshExpiresAt: {
      type: ['string', 'null'],
      format: 'date-time',
    },
    cookieDomain: {
      type: ['string', 'null'],
    },
  },
} as const;

export const Channel = {
  type: 'object',
  required: ['id', 'type', 'name', 'status'],
  properties: {
    id: {
      type: 'string',
      format: 'uuid',
    },
    type: {
      type: 'string',
      enum: ['email', 'whatsapp', 'sms', 'push', 'webhook'],
    },
    name: {
      type: 'string',
    },
    status: {
      type: 'string',
      enum: ['active', 'inactive', 'pending'],
    },
  },
} as const;

export const Company = {
  type: 'object',
  required: ['id', 'name', 'channels'],
  properties: {
    id: {
      type: 'string',
      format: 'uuid',
    },
    name: {
      type: 'string',
    },
    channels: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'type', 'name', 'status'],
        properties: {
          id: {
            type: 'string',
            format: 'uuid',
          },
          type: {
            type: 'string',
            enum: ['email', 'whatsapp', 'sms', 'push', 'webhook'],
          },
          name: {
            type: 'string',
          },
          status: {
            type: 'string',
            enum: ['active', 'inactive', 'pending'],
          },
        },
      },
    },
  },
} as const;

export const User = {
  type: 'object',
  required: [
    'id',
    'firstName',
    'lastName',
    'email',
    'phonePrefix',
    'phoneNumber',
    'language',
    'role',
    'twoFactorEnabled',
    'createdAt',
    'updatedAt',
    'memberOf',
  ],
  properties: {
    id: {
      type: 'string',
      format: 'uuid',
    },
    firstName: {
      type: 'string',
    },
    lastName: {
      type: 'string',
    },
    email: {
      type: 'string',
    },
    phonePrefix: {
      type: ['string', 'null'],
      description: 'Country calling code, digits only',
    },
    phoneNumber: {
      type: ['string', 'null'],
    },
    language: {
      type: 'string',
    },
    role: {
      type: 'string',
      enum: ['owner', 'admin', 'editor', 'viewer'],
    },
    twoFactorEnabled: {
      type: 'boolean',
    },
    createdAt: {
      type: 'string',
      format: 'date-time',
    },
    updatedAt: {
      type: 'string',
      format: 'date-time',
    },
    memberOf: {
      type: 'object',
      required: ['id', 'name', 'channels'],
      properties: {
        id: {
          type: 'string',
          format: 'uuid',
        },
        name: {
          type: 'string',
        },
        channels: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'type', 'name', 'status'],
            properties: {
              id: {
                type: 'string',
                format: 'uuid',
              },
              type: {
                type: 'string',
                enum: ['email', 'whatsapp', 'sms', 'push', 'webhook'],
              },
              name: {
                type: 'string',
              },
              status: {
                type: 'string',
                enum: ['active', 'inactive', 'pending'],
              },
            },
          },
        },
      },
    },
  },
} as const;

export const OutboxMessage = {
  type: 'object',
  required: ['id', 'to', 'subject', 'kind', 'status', 'attempts', 'createdAt', 'sentAt', 'lastError'],
  properties: {
    id: {
      type: 'integer',
    },
    to: {
      type: 'string',
    },
    subject: {
      type: 'string',
    },
    kind: {
      type: 'string',
    },
    status: {
      type: 'string',
      enum: ['queued', 'sending', 'sent', 'failed', 'captured'],
    },
    attempts: {
      type: 'integer',
    },
    lastError: {
      type: ['string', 'null'],
    },
    createdAt: {
      type: 'string',
      format: 'date-time',
    },
    sentAt: {
      type: ['string', 'null'],
      format: 'date-time',
    },
  },
} as const;

export const Id = {
  type: 'integer',
  minimum: 1,
  maximum: 9007199254740991,
} as const;

export const ContactSort = {
  type: 'string',
  enum: ['createdAt', '-createdAt', 'email', '-email', 'firstName', '-firstName', 'lastName', '-lastName'],
  default: '-createdAt',
} as const;

export const AttributeValues = {
  type: 'object',
  description:
    "Custom attribute values keyed by attribute id. Values follow the attribute's type: text and category as strings, number as a number, date as YYYY-MM-DD, boolean as true or false. Null removes a value.",
  additionalProperties: {
    type: ['string', 'number', 'boolean', 'null'],
    pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
  },
} as const;

export const ContactName = {
  type: ['string', 'null'],
  maxLength: 100,
  pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
} as const;

export const PhonePrefix = {
  type: ['string', 'null'],
  description: 'Country calling code, such as 39 or +39 (stored as digits)',
  pattern: '^\\+?[0-9]{1,4}$',
} as const;

export const PhoneNumber = {
  type: ['string', 'null'],
  description: 'Digits only, without the prefix',
  pattern: '^[0-9]+$',
  minLength: 4,
  maxLength: 20,
} as const;

export const CountryCode = {
  type: ['string', 'null'],
  description: 'ISO 3166-1 alpha-2 code',
  pattern: '^[A-Za-z]{2}$',
} as const;

export const ContactLanguage = {
  type: ['string', 'null'],
  pattern: '^[a-z]{2}(-[a-z]{2})?$',
} as const;

export const Contact = {
  type: 'object',
  required: [
    'id',
    'email',
    'firstName',
    'lastName',
    'phonePrefix',
    'phoneNumber',
    'country',
    'language',
    'address',
    'attributes',
    'blocked',
    'blockedAt',
    'anonymisedAt',
    'createdAt',
    'updatedAt',
  ],
  properties: {
    id: {
      type: 'integer',
    },
    email: {
      type: ['string', 'null'],
      description: 'Null only once the contact is anonymised',
    },
    firstName: {
      type: ['string', 'null'],
    },
    lastName: {
      type: ['string', 'null'],
    },
    phonePrefix: {
      type: ['string', 'null'],
      description: 'Country calling code, digits only',
    },
    phoneNumber: {
      type: ['string', 'null'],
    },
    country: {
      type: ['string', 'null'],
    },
    language: {
      type: ['string', 'null'],
    },
    address: {
      type: ['string', 'null'],
    },
    attributes: {
      type: 'object',
      description:
        "Custom attribute values keyed by attribute id. Values follow the attribute's type: text and category as strings, number as a number, date as YYYY-MM-DD, boolean as true or false. Null removes a value.",
      additionalProperties: {
        type: ['string', 'number', 'boolean', 'null'],
        pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
      },
    },
    blocked: {
      type: 'boolean',
    },
    blockedAt: {
      type: ['string', 'null'],
      format: 'date-time',
    },
    anonymisedAt: {
      type: ['string', 'null'],
      format: 'date-time',
    },
    createdAt: {
      type: 'string',
      format: 'date-time',
    },
    updatedAt: {
      type: 'string',
      format: 'date-time',
    },
  },
} as const;

export const ContactInput = {
  type: 'object',
  additionalProperties: false,
  required: ['email'],
  properties: {
    email: {
      type: 'string',
      format: 'email',
      minLength: 5,
      maxLength: 254,
    },
    firstName: {
      type: ['string', 'null'],
      maxLength: 100,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    lastName: {
      type: ['string', 'null'],
      maxLength: 100,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    phonePrefix: {
      type: ['string', 'null'],
      description: 'Country calling code, such as 39 or +39 (stored as digits)',
      pattern: '^\\+?[0-9]{1,4}$',
    },
    phoneNumber: {
      type: ['string', 'null'],
      description: 'Digits only, without the prefix',
      pattern: '^[0-9]+$',
      minLength: 4,
      maxLength: 20,
    },
    country: {
      type: ['string', 'null'],
      description: 'ISO 3166-1 alpha-2 code',
      pattern: '^[A-Za-z]{2}$',
    },
    language: {
      type: ['string', 'null'],
      pattern: '^[a-z]{2}(-[a-z]{2})?$',
    },
    address: {
      type: ['string', 'null'],
      maxLength: 500,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    attributes: {
      type: 'object',
      description:
        "Custom attribute values keyed by attribute id. Values follow the attribute's type: text and category as strings, number as a number, date as YYYY-MM-DD, boolean as true or false. Null removes a value.",
      additionalProperties: {
        type: ['string', 'number', 'boolean', 'null'],
        pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
      },
    },
    blocked: {
      type: 'boolean',
      default: false,
      description: 'Create the contact blocklisted',
    },
    listIds: {
      type: 'array',
      description: 'Lists to add the new contact to',
      maxItems: 50,
      items: {
        type: 'integer',
        minimum: 1,
        maximum: 9007199254740991,
      },
    },
  },
} as const;

export const ContactPatch = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    email: {
      type: 'string',
      format: 'email',
      minLength: 5,
      maxLength: 254,
    },
    firstName: {
      type: ['string', 'null'],
      maxLength: 100,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    lastName: {
      type: ['string', 'null'],
      maxLength: 100,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    phonePrefix: {
      type: ['string', 'null'],
      description: 'Country calling code, such as 39 or +39 (stored as digits)',
      pattern: '^\\+?[0-9]{1,4}$',
    },
    phoneNumber: {
      type: ['string', 'null'],
      description: 'Digits only, without the prefix',
      pattern: '^[0-9]+$',
      minLength: 4,
      maxLength: 20,
    },
    country: {
      type: ['string', 'null'],
      description: 'ISO 3166-1 alpha-2 code',
      pattern: '^[A-Za-z]{2}$',
    },
    language: {
      type: ['string', 'null'],
      pattern: '^[a-z]{2}(-[a-z]{2})?$',
    },
    address: {
      type: ['string', 'null'],
      maxLength: 500,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    attributes: {
      type: 'object',
      description:
        "Custom attribute values keyed by attribute id. Values follow the attribute's type: text and category as strings, number as a number, date as YYYY-MM-DD, boolean as true or false. Null removes a value.",
      additionalProperties: {
        type: ['string', 'number', 'boolean', 'null'],
        pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
      },
    },
  },
} as const;

export const ContactFilter = {
  type: 'object',
  additionalProperties: false,
  properties: {
    q: {
      type: 'string',
      maxLength: 100,
    },
    listId: {
      type: 'integer',
      minimum: 1,
      maximum: 9007199254740991,
    },
    segmentId: {
      type: 'integer',
      minimum: 1,
      maximum: 9007199254740991,
    },
    blocked: {
      type: 'boolean',
    },
  },
} as const;

export const ContactSelection = {
  type: 'object',
  additionalProperties: false,
  description:
    'The contacts with these ids, or every contact matching a filter (an empty filter is all contacts) except excludeIds',
  properties: {
    ids: {
      type: 'array',
      maxItems: 10000,
      items: {
        type: 'integer',
        minimum: 1,
        maximum: 9007199254740991,
      },
    },
    filter: {
      type: 'object',
      additionalProperties: false,
      properties: {
        q: {
          type: 'string',
          maxLength: 100,
        },
        listId: {
          type: 'integer',
          minimum: 1,
          maximum: 9007199254740991,
        },
        segmentId: {
          type: 'integer',
          minimum: 1,
          maximum: 9007199254740991,
        },
        blocked: {
          type: 'boolean',
        },
      },
    },
    excludeIds: {
      type: 'array',
      maxItems: 10000,
      items: {
        type: 'integer',
        minimum: 1,
        maximum: 9007199254740991,
      },
    },
  },
} as const;

export const ContactEvent = {
  type: 'object',
  required: ['id', 'type', 'payload', 'userId', 'createdAt'],
  properties: {
    id: {
      type: 'integer',
      description: 'Stored events count from 1; 0 marks the entry derived from an import (contact.imported)',
    },
    type: {
      type: 'string',
      description:
        'Stable code, such as contact.created, contact.imported, contact.updated, contact.blocked, list.added',
    },
    payload: {
      type: 'object',
      additionalProperties: true,
      description:
        "Ids and field names (contact.updated by a user holds the changed fields; list.added and list.removed hold listId). contact.imported, and contact.updated or list.added written by an import, hold importId and the import's fileName (null when the import is gone).",
    },
    userId: {
      type: ['string', 'null'],
      format: 'uuid',
    },
    createdAt: {
      type: 'string',
      format: 'date-time',
    },
  },
} as const;

export const ContactNote = {
  type: 'object',
  required: ['id', 'contactId', 'text', 'authorId', 'authorName', 'createdAt'],
  properties: {
    id: {
      type: 'integer',
    },
    contactId: {
      type: 'integer',
    },
    text: {
      type: 'string',
    },
    authorId: {
      type: ['string', 'null'],
      format: 'uuid',
    },
    authorName: {
      type: ['string', 'null'],
    },
    createdAt: {
      type: 'string',
      format: 'date-time',
    },
  },
} as const;

export const ContactDataExport = {
  type: 'object',
  required: ['exportedAt', 'contact', 'attributes', 'lists', 'notes', 'events'],
  properties: {
    exportedAt: {
      type: 'string',
      format: 'date-time',
    },
    contact: {
      type: 'object',
      required: [
        'id',
        'email',
        'firstName',
        'lastName',
        'phonePrefix',
        'phoneNumber',
        'country',
        'language',
        'address',
        'attributes',
        'blocked',
        'blockedAt',
        'anonymisedAt',
        'createdAt',
        'updatedAt',
      ],
      properties: {
        id: {
          type: 'integer',
        },
        email: {
          type: ['string', 'null'],
          description: 'Null only once the contact is anonymised',
        },
        firstName: {
          type: ['string', 'null'],
        },
        lastName: {
          type: ['string', 'null'],
        },
        phonePrefix: {
          type: ['string', 'null'],
          description: 'Country calling code, digits only',
        },
        phoneNumber: {
          type: ['string', 'null'],
        },
        country: {
          type: ['string', 'null'],
        },
        language: {
          type: ['string', 'null'],
        },
        address: {
          type: ['string', 'null'],
        },
        attributes: {
          type: 'object',
          description:
            "Custom attribute values keyed by attribute id. Values follow the attribute's type: text and category as strings, number as a number, date as YYYY-MM-DD, boolean as true or false. Null removes a value.",
          additionalProperties: {
            type: ['string', 'number', 'boolean', 'null'],
            pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
          },
        },
        blocked: {
          type: 'boolean',
        },
        blockedAt: {
          type: ['string', 'null'],
          format: 'date-time',
        },
        anonymisedAt: {
          type: ['string', 'null'],
          format: 'date-time',
        },
        createdAt: {
          type: 'string',
          format: 'date-time',
        },
        updatedAt: {
          type: 'string',
          format: 'date-time',
        },
      },
    },
    attributes: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name', 'type', 'value'],
        properties: {
          id: {
            type: 'integer',
          },
          name: {
            type: 'string',
          },
          type: {
            type: 'string',
          },
          value: {
            type: ['string', 'number', 'boolean'],
          },
        },
      },
    },
    lists: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name'],
        properties: {
          id: {
            type: 'integer',
          },
          name: {
            type: 'string',
          },
        },
      },
    },
    notes: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'contactId', 'text', 'authorId', 'authorName', 'createdAt'],
        properties: {
          id: {
            type: 'integer',
          },
          contactId: {
            type: 'integer',
          },
          text: {
            type: 'string',
          },
          authorId: {
            type: ['string', 'null'],
            format: 'uuid',
          },
          authorName: {
            type: ['string', 'null'],
          },
          createdAt: {
            type: 'string',
            format: 'date-time',
          },
        },
      },
    },
    events: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'type', 'payload', 'userId', 'createdAt'],
        properties: {
          id: {
            type: 'integer',
            description: 'Stored events count from 1; 0 marks the entry derived from an import (contact.imported)',
          },
          type: {
            type: 'string',
            description:
              'Stable code, such as contact.created, contact.imported, contact.updated, contact.blocked, list.added',
          },
          payload: {
            type: 'object',
            additionalProperties: true,
            description:
              "Ids and field names (contact.updated by a user holds the changed fields; list.added and list.removed hold listId). contact.imported, and contact.updated or list.added written by an import, hold importId and the import's fileName (null when the import is gone).",
          },
          userId: {
            type: ['string', 'null'],
            format: 'uuid',
          },
          createdAt: {
            type: 'string',
            format: 'date-time',
          },
        },
      },
    },
  },
} as const;

export const CategoryOptions = {
  type: 'array',
  description: 'The choices of a category attribute',
  maxItems: 200,
  uniqueItems: true,
  items: {
    type: 'string',
    minLength: 1,
    maxLength: 100,
    pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
  },
} as const;

export const ContactAttribute = {
  type: 'object',
  required: ['id', 'name', 'type', 'options', 'createdAt', 'updatedAt'],
  properties: {
    id: {
      type: 'integer',
    },
    name: {
      type: 'string',
    },
    type: {
      type: 'string',
      enum: ['text', 'number', 'date', 'boolean', 'category'],
    },
    options: {
      type: 'array',
      items: {
        type: 'string',
      },
    },
    createdAt: {
      type: 'string',
      format: 'date-time',
    },
    updatedAt: {
      type: 'string',
      format: 'date-time',
    },
  },
} as const;

export const ContactFolder = {
  type: 'object',
  required: ['id', 'name', 'listCount', 'createdAt', 'updatedAt'],
  properties: {
    id: {
      type: 'integer',
    },
    name: {
      type: 'string',
    },
    listCount: {
      type: 'integer',
    },
    createdAt: {
      type: 'string',
      format: 'date-time',
    },
    updatedAt: {
      type: 'string',
      format: 'date-time',
    },
  },
} as const;

export const ContactList = {
  type: 'object',
  required: ['id', 'name', 'folderId', 'memberCount', 'createdAt', 'updatedAt'],
  properties: {
    id: {
      type: 'integer',
    },
    name: {
      type: 'string',
    },
    folderId: {
      type: 'integer',
    },
    memberCount: {
      type: 'integer',
      description: 'How many contacts the list holds',
    },
    createdAt: {
      type: 'string',
      format: 'date-time',
    },
    updatedAt: {
      type: 'string',
      format: 'date-time',
    },
  },
} as const;

export const Segment = {
  type: 'object',
  required: ['id', 'name', 'conditions', 'createdAt', 'updatedAt'],
  properties: {
    id: {
      type: 'integer',
    },
    name: {
      type: 'string',
    },
    conditions: {
      type: 'object',
      description:
        'Conditions and nested groups, all of which (and) or any of which (or) must hold. An empty and-group matches every contact.',
      additionalProperties: false,
      required: ['kind', 'operator', 'conditions'],
      properties: {
        kind: {
          type: 'string',
          enum: ['group'],
        },
        operator: {
          type: 'string',
          enum: ['and', 'or'],
        },
        conditions: {
          type: 'array',
          maxItems: 50,
          items: {
            type: 'object',
            oneOf: [
              {
                $ref: '#/components/schemas/SegmentGroup',
              },
              {
                type: 'object',
                additionalProperties: false,
                required: ['kind', 'field', 'operator'],
                properties: {
                  kind: {
                    type: 'string',
                    enum: ['field'],
                  },
                  field: {
                    type: 'string',
                    enum: [
                      'email',
                      'firstName',
                      'lastName',
                      'phonePrefix',
                      'phoneNumber',
                      'country',
                      'language',
                      'address',
                      'createdAt',
                    ],
                  },
                  operator: {
                    type: 'string',
                    description:
                      'Text: equals, notEquals, contains, startsWith, in, isEmpty, isNotEmpty (case-insensitive). Number: equals, notEquals, greaterThan, lessThan, between, isEmpty, isNotEmpty. Date: equals, before, after, between, isEmpty, isNotEmpty. Boolean: equals, isEmpty, isNotEmpty. Category: equals, notEquals, in, isEmpty, isNotEmpty. An empty value matches notEquals and nothing else but isEmpty.',
                    enum: [
                      'equals',
                      'notEquals',
                      'contains',
                      'startsWith',
                      'greaterThan',
                      'lessThan',
                      'before',
                      'after',
                      'between',
                      'in',
                      'isEmpty',
                      'isNotEmpty',
                    ],
                  },
                  value: {
                    type: ['string', 'number', 'boolean'],
                    pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                  },
                  values: {
                    type: 'array',
                    description: 'Two bounds for between (inclusive), one or more choices for in',
                    minItems: 1,
                    maxItems: 100,
                    items: {
                      type: ['string', 'number'],
                      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                    },
                  },
                },
              },
              {
                type: 'object',
                additionalProperties: false,
                required: ['kind', 'attributeId', 'operator'],
                properties: {
                  kind: {
                    type: 'string',
                    enum: ['attribute'],
                  },
                  attributeId: {
                    type: 'integer',
                    minimum: 1,
                    maximum: 9007199254740991,
                  },
                  operator: {
                    type: 'string',
                    description:
                      'Text: equals, notEquals, contains, startsWith, in, isEmpty, isNotEmpty (case-insensitive). Number: equals, notEquals, greaterThan, lessThan, between, isEmpty, isNotEmpty. Date: equals, before, after, between, isEmpty, isNotEmpty. Boolean: equals, isEmpty, isNotEmpty. Category: equals, notEquals, in, isEmpty, isNotEmpty. An empty value matches notEquals and nothing else but isEmpty.',
                    enum: [
                      'equals',
                      'notEquals',
                      'contains',
                      'startsWith',
                      'greaterThan',
                      'lessThan',
                      'before',
                      'after',
                      'between',
                      'in',
                      'isEmpty',
                      'isNotEmpty',
                    ],
                  },
                  value: {
                    type: ['string', 'number', 'boolean'],
                    pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                  },
                  values: {
                    type: 'array',
                    description: 'Two bounds for between (inclusive), one or more choices for in',
                    minItems: 1,
                    maxItems: 100,
                    items: {
                      type: ['string', 'number'],
                      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                    },
                  },
                },
              },
              {
                type: 'object',
                additionalProperties: false,
                required: ['kind', 'operator', 'listId'],
                properties: {
                  kind: {
                    type: 'string',
                    enum: ['list'],
                  },
                  operator: {
                    type: 'string',
                    enum: ['in', 'notIn'],
                  },
                  listId: {
                    type: 'integer',
                    minimum: 1,
                    maximum: 9007199254740991,
                  },
                },
              },
              {
                type: 'object',
                additionalProperties: false,
                required: ['kind', 'operator'],
                properties: {
                  kind: {
                    type: 'string',
                    enum: ['blocklist'],
                  },
                  operator: {
                    type: 'string',
                    enum: ['is', 'isNot'],
                  },
                },
              },
            ],
            discriminator: {
              propertyName: 'kind',
              mapping: {
                group: '#/components/schemas/SegmentGroup',
                field: '#/components/schemas/SegmentFieldCondition',
                attribute: '#/components/schemas/SegmentAttributeCondition',
                list: '#/components/schemas/SegmentListCondition',
                blocklist: '#/components/schemas/SegmentBlocklistCondition',
              },
            },
          },
        },
      },
    },
    createdAt: {
      type: 'string',
      format: 'date-time',
    },
    updatedAt: {
      type: 'string',
      format: 'date-time',
    },
  },
} as const;

export const SegmentGroup = {
  type: 'object',
  description:
    'Conditions and nested groups, all of which (and) or any of which (or) must hold. An empty and-group matches every contact.',
  additionalProperties: false,
  required: ['kind', 'operator', 'conditions'],
  properties: {
    kind: {
      type: 'string',
      enum: ['group'],
    },
    operator: {
      type: 'string',
      enum: ['and', 'or'],
    },
    conditions: {
      type: 'array',
      maxItems: 50,
      items: {
        type: 'object',
        oneOf: [
          {
            $ref: '#/components/schemas/SegmentGroup',
          },
          {
            type: 'object',
            additionalProperties: false,
            required: ['kind', 'field', 'operator'],
            properties: {
              kind: {
                type: 'string',
                enum: ['field'],
              },
              field: {
                type: 'string',
                enum: [
                  'email',
                  'firstName',
                  'lastName',
                  'phonePrefix',
                  'phoneNumber',
                  'country',
                  'language',
                  'address',
                  'createdAt',
                ],
              },
              operator: {
                type: 'string',
                description:
                  'Text: equals, notEquals, contains, startsWith, in, isEmpty, isNotEmpty (case-insensitive). Number: equals, notEquals, greaterThan, lessThan, between, isEmpty, isNotEmpty. Date: equals, before, after, between, isEmpty, isNotEmpty. Boolean: equals, isEmpty, isNotEmpty. Category: equals, notEquals, in, isEmpty, isNotEmpty. An empty value matches notEquals and nothing else but isEmpty.',
                enum: [
                  'equals',
                  'notEquals',
                  'contains',
                  'startsWith',
                  'greaterThan',
                  'lessThan',
                  'before',
                  'after',
                  'between',
                  'in',
                  'isEmpty',
                  'isNotEmpty',
                ],
              },
              value: {
                type: ['string', 'number', 'boolean'],
                pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
              },
              values: {
                type: 'array',
                description: 'Two bounds for between (inclusive), one or more choices for in',
                minItems: 1,
                maxItems: 100,
                items: {
                  type: ['string', 'number'],
                  pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                },
              },
            },
          },
          {
            type: 'object',
            additionalProperties: false,
            required: ['kind', 'attributeId', 'operator'],
            properties: {
              kind: {
                type: 'string',
                enum: ['attribute'],
              },
              attributeId: {
                type: 'integer',
                minimum: 1,
                maximum: 9007199254740991,
              },
              operator: {
                type: 'string',
                description:
                  'Text: equals, notEquals, contains, startsWith, in, isEmpty, isNotEmpty (case-insensitive). Number: equals, notEquals, greaterThan, lessThan, between, isEmpty, isNotEmpty. Date: equals, before, after, between, isEmpty, isNotEmpty. Boolean: equals, isEmpty, isNotEmpty. Category: equals, notEquals, in, isEmpty, isNotEmpty. An empty value matches notEquals and nothing else but isEmpty.',
                enum: [
                  'equals',
                  'notEquals',
                  'contains',
                  'startsWith',
                  'greaterThan',
                  'lessThan',
                  'before',
                  'after',
                  'between',
                  'in',
                  'isEmpty',
                  'isNotEmpty',
                ],
              },
              value: {
                type: ['string', 'number', 'boolean'],
                pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
              },
              values: {
                type: 'array',
                description: 'Two bounds for between (inclusive), one or more choices for in',
                minItems: 1,
                maxItems: 100,
                items: {
                  type: ['string', 'number'],
                  pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                },
              },
            },
          },
          {
            type: 'object',
            additionalProperties: false,
            required: ['kind', 'operator', 'listId'],
            properties: {
              kind: {
                type: 'string',
                enum: ['list'],
              },
              operator: {
                type: 'string',
                enum: ['in', 'notIn'],
              },
              listId: {
                type: 'integer',
                minimum: 1,
                maximum: 9007199254740991,
              },
            },
          },
          {
            type: 'object',
            additionalProperties: false,
            required: ['kind', 'operator'],
            properties: {
              kind: {
                type: 'string',
                enum: ['blocklist'],
              },
              operator: {
                type: 'string',
                enum: ['is', 'isNot'],
              },
            },
          },
        ],
        discriminator: {
          propertyName: 'kind',
          mapping: {
            group: '#/components/schemas/SegmentGroup',
            field: '#/components/schemas/SegmentFieldCondition',
            attribute: '#/components/schemas/SegmentAttributeCondition',
            list: '#/components/schemas/SegmentListCondition',
            blocklist: '#/components/schemas/SegmentBlocklistCondition',
          },
        },
      },
    },
  },
} as const;

export const SegmentCondition = {
  type: 'object',
  oneOf: [
    {
      type: 'object',
      description:
        'Conditions and nested groups, all of which (and) or any of which (or) must hold. An empty and-group matches every contact.',
      additionalProperties: false,
      required: ['kind', 'operator', 'conditions'],
      properties: {
        kind: {
          type: 'string',
          enum: ['group'],
        },
        operator: {
          type: 'string',
          enum: ['and', 'or'],
        },
        conditions: {
          type: 'array',
          maxItems: 50,
          items: {
            $ref: '#/components/schemas/SegmentCondition',
          },
        },
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'field', 'operator'],
      properties: {
        kind: {
          type: 'string',
          enum: ['field'],
        },
        field: {
          type: 'string',
          enum: [
            'email',
            'firstName',
            'lastName',
            'phonePrefix',
            'phoneNumber',
            'country',
            'language',
            'address',
            'createdAt',
          ],
        },
        operator: {
          type: 'string',
          description:
            'Text: equals, notEquals, contains, startsWith, in, isEmpty, isNotEmpty (case-insensitive). Number: equals, notEquals, greaterThan, lessThan, between, isEmpty, isNotEmpty. Date: equals, before, after, between, isEmpty, isNotEmpty. Boolean: equals, isEmpty, isNotEmpty. Category: equals, notEquals, in, isEmpty, isNotEmpty. An empty value matches notEquals and nothing else but isEmpty.',
          enum: [
            'equals',
            'notEquals',
            'contains',
            'startsWith',
            'greaterThan',
            'lessThan',
            'before',
            'after',
            'between',
            'in',
            'isEmpty',
            'isNotEmpty',
          ],
        },
        value: {
          type: ['string', 'number', 'boolean'],
          pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
        },
        values: {
          type: 'array',
          description: 'Two bounds for between (inclusive), one or more choices for in',
          minItems: 1,
          maxItems: 100,
          items: {
            type: ['string', 'number'],
            pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
          },
        },
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'attributeId', 'operator'],
      properties: {
        kind: {
          type: 'string',
          enum: ['attribute'],
        },
        attributeId: {
          type: 'integer',
          minimum: 1,
          maximum: 9007199254740991,
        },
        operator: {
          type: 'string',
          description:
            'Text: equals, notEquals, contains, startsWith, in, isEmpty, isNotEmpty (case-insensitive). Number: equals, notEquals, greaterThan, lessThan, between, isEmpty, isNotEmpty. Date: equals, before, after, between, isEmpty, isNotEmpty. Boolean: equals, isEmpty, isNotEmpty. Category: equals, notEquals, in, isEmpty, isNotEmpty. An empty value matches notEquals and nothing else but isEmpty.',
          enum: [
            'equals',
            'notEquals',
            'contains',
            'startsWith',
            'greaterThan',
            'lessThan',
            'before',
            'after',
            'between',
            'in',
            'isEmpty',
            'isNotEmpty',
          ],
        },
        value: {
          type: ['string', 'number', 'boolean'],
          pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
        },
        values: {
          type: 'array',
          description: 'Two bounds for between (inclusive), one or more choices for in',
          minItems: 1,
          maxItems: 100,
          items: {
            type: ['string', 'number'],
            pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
          },
        },
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'operator', 'listId'],
      properties: {
        kind: {
          type: 'string',
          enum: ['list'],
        },
        operator: {
          type: 'string',
          enum: ['in', 'notIn'],
        },
        listId: {
          type: 'integer',
          minimum: 1,
          maximum: 9007199254740991,
        },
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'operator'],
      properties: {
        kind: {
          type: 'string',
          enum: ['blocklist'],
        },
        operator: {
          type: 'string',
          enum: ['is', 'isNot'],
        },
      },
    },
  ],
  discriminator: {
    propertyName: 'kind',
    mapping: {
      group: '#/components/schemas/SegmentGroup',
      field: '#/components/schemas/SegmentFieldCondition',
      attribute: '#/components/schemas/SegmentAttributeCondition',
      list: '#/components/schemas/SegmentListCondition',
      blocklist: '#/components/schemas/SegmentBlocklistCondition',
    },
  },
} as const;

export const SegmentOperator = {
  type: 'string',
  description:
    'Text: equals, notEquals, contains, startsWith, in, isEmpty, isNotEmpty (case-insensitive). Number: equals, notEquals, greaterThan, lessThan, between, isEmpty, isNotEmpty. Date: equals, before, after, between, isEmpty, isNotEmpty. Boolean: equals, isEmpty, isNotEmpty. Category: equals, notEquals, in, isEmpty, isNotEmpty. An empty value matches notEquals and nothing else but isEmpty.',
  enum: [
    'equals',
    'notEquals',
    'contains',
    'startsWith',
    'greaterThan',
    'lessThan',
    'before',
    'after',
    'between',
    'in',
    'isEmpty',
    'isNotEmpty',
  ],
} as const;

export const SegmentValue = {
  type: ['string', 'number', 'boolean'],
  pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
} as const;

export const SegmentValues = {
  type: 'array',
  description: 'Two bounds for between (inclusive), one or more choices for in',
  minItems: 1,
  maxItems: 100,
  items: {
    type: ['string', 'number'],
    pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
  },
} as const;

export const SegmentFieldCondition = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'field', 'operator'],
  properties: {
    kind: {
      type: 'string',
      enum: ['field'],
    },
    field: {
      type: 'string',
      enum: [
        'email',
        'firstName',
        'lastName',
        'phonePrefix',
        'phoneNumber',
        'country',
        'language',
        'address',
        'createdAt',
      ],
    },
    operator: {
      type: 'string',
      description:
        'Text: equals, notEquals, contains, startsWith, in, isEmpty, isNotEmpty (case-insensitive). Number: equals, notEquals, greaterThan, lessThan, between, isEmpty, isNotEmpty. Date: equals, before, after, between, isEmpty, isNotEmpty. Boolean: equals, isEmpty, isNotEmpty. Category: equals, notEquals, in, isEmpty, isNotEmpty. An empty value matches notEquals and nothing else but isEmpty.',
      enum: [
        'equals',
        'notEquals',
        'contains',
        'startsWith',
        'greaterThan',
        'lessThan',
        'before',
        'after',
        'between',
        'in',
        'isEmpty',
        'isNotEmpty',
      ],
    },
    value: {
      type: ['string', 'number', 'boolean'],
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    values: {
      type: 'array',
      description: 'Two bounds for between (inclusive), one or more choices for in',
      minItems: 1,
      maxItems: 100,
      items: {
        type: ['string', 'number'],
        pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
      },
    },
  },
} as const;

export const SegmentAttributeCondition = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'attributeId', 'operator'],
  properties: {
    kind: {
      type: 'string',
      enum: ['attribute'],
    },
    attributeId: {
      type: 'integer',
      minimum: 1,
      maximum: 9007199254740991,
    },
    operator: {
      type: 'string',
      description:
        'Text: equals, notEquals, contains, startsWith, in, isEmpty, isNotEmpty (case-insensitive). Number: equals, notEquals, greaterThan, lessThan, between, isEmpty, isNotEmpty. Date: equals, before, after, between, isEmpty, isNotEmpty. Boolean: equals, isEmpty, isNotEmpty. Category: equals, notEquals, in, isEmpty, isNotEmpty. An empty value matches notEquals and nothing else but isEmpty.',
      enum: [
        'equals',
        'notEquals',
        'contains',
        'startsWith',
        'greaterThan',
        'lessThan',
        'before',
        'after',
        'between',
        'in',
        'isEmpty',
        'isNotEmpty',
      ],
    },
    value: {
      type: ['string', 'number', 'boolean'],
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    values: {
      type: 'array',
      description: 'Two bounds for between (inclusive), one or more choices for in',
      minItems: 1,
      maxItems: 100,
      items: {
        type: ['string', 'number'],
        pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
      },
    },
  },
} as const;

export const SegmentListCondition = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'operator', 'listId'],
  properties: {
    kind: {
      type: 'string',
      enum: ['list'],
    },
    operator: {
      type: 'string',
      enum: ['in', 'notIn'],
    },
    listId: {
      type: 'integer',
      minimum: 1,
      maximum: 9007199254740991,
    },
  },
} as const;

export const SegmentBlocklistCondition = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'operator'],
  properties: {
    kind: {
      type: 'string',
      enum: ['blocklist'],
    },
    operator: {
      type: 'string',
      enum: ['is', 'isNot'],
    },
  },
} as const;

export const ImportColumnTarget = {
  type: 'object',
  additionalProperties: false,
  required: ['target'],
  properties: {
    target: {
      type: 'string',
      enum: [
        'skip',
        'email',
        'firstName',
        'lastName',
        'phonePrefix',
        'phoneNumber',
        'country',
        'language',
        'address',
        'attribute',
      ],
    },
    attributeId: {
      type: 'integer',
      minimum: 1,
      maximum: 9007199254740991,
    },
  },
} as const;

export const ContactImportLimits = {
  type: 'object',
  additionalProperties: false,
  required: ['maxFileBytes'],
  properties: {
    maxFileBytes: {
      type: 'integer',
      minimum: 0,
      description: 'The largest file accepted, in bytes (UPLOAD_MAX_BYTES); a larger one gets 413',
    },
  },
} as const;

export const ContactImport = {
  type: 'object',
  required: [
    'id',
    'status',
    'fileName',
    'fileSize',
    'format',
    'encoding',
    'delimiter',
    'headers',
    'preview',
    'suggestedMapping',
    'estimatedRows',
    'mapping',
    'listIds',
    'updateExisting',
    'blocklist',
    'processed',
    'created',
    'updated',
    'skipped',
    'failed',
    'error',
    'errorReportUrl',
    'createdAt',
    'startedAt',
    'finishedAt',
  ],
  properties: {
    id: {
      type: 'integer',
    },
    status: {
      type: 'string',
      enum: ['uploaded', 'queued', 'running', 'finished', 'failed'],
    },
    fileName: {
      type: 'string',
    },
    fileSize: {
      type: 'integer',
    },
    format: {
      type: 'string',
      enum: ['csv', 'xls', 'xlsx'],
    },
    encoding: {
      type: ['string', 'null'],
      enum: ['utf-8', 'windows-1252', 'utf-16le', null],
      description: 'Detected text encoding (CSV)',
    },
    delimiter: {
      type: ['string', 'null'],
      description: 'Detected delimiter (CSV)',
    },
    headers: {
      type: 'array',
      items: {
        type: 'string',
      },
    },
    preview: {
      type: 'array',
      description: 'The first rows after the header',
      items: {
        type: 'array',
        items: {
          type: 'string',
        },
      },
    },
    suggestedMapping: {
      type: 'array',
      description: 'A target per column, matched from English and Italian headers and attribute names',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['target'],
        properties: {
          target: {
            type: 'string',
            enum: [
              'skip',
              'email',
              'firstName',
              'lastName',
              'phonePrefix',
              'phoneNumber',
              'country',
              'language',
              'address',
              'attribute',
            ],
          },
          attributeId: {
            type: 'integer',
            minimum: 1,
            maximum: 9007199254740991,
          },
        },
      },
    },
    estimatedRows: {
      type: ['integer', 'null'],
    },
    mapping: {
      type: ['array', 'null'],
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['target'],
        properties: {
          target: {
            type: 'string',
            enum: [
              'skip',
              'email',
              'firstName',
              'lastName',
              'phonePrefix',
              'phoneNumber',
              'country',
              'language',
              'address',
              'attribute',
            ],
          },
          attributeId: {
            type: 'integer',
            minimum: 1,
            maximum: 9007199254740991,
          },
        },
      },
    },
    listIds: {
      type: 'array',
      items: {
        type: 'integer',
      },
    },
    updateExisting: {
      type: 'boolean',
    },
    blocklist: {
      type: 'boolean',
    },
    processed: {
      type: 'integer',
      description: 'Data rows done so far',
    },
    created: {
      type: 'integer',
    },
    updated: {
      type: 'integer',
    },
    skipped: {
      type: 'integer',
    },
    failed: {
      type: 'integer',
    },
    error: {
      type: ['string', 'null'],
    },
    errorReportUrl: {
      type: ['string', 'null'],
      description: 'Signed link to the per-row error report, when rows failed',
    },
    createdAt: {
      type: 'string',
      format: 'date-time',
    },
    startedAt: {
      type: ['string', 'null'],
      format: 'date-time',
    },
    finishedAt: {
      type: ['string', 'null'],
      format: 'date-time',
    },
  },
} as const;

export const ContactExport = {
  type: 'object',
  required: ['id', 'status', 'rowsTotal', 'rowsDone', 'error', 'downloadUrl', 'createdAt', 'finishedAt'],
  properties: {
    id: {
      type: 'integer',
    },
    status: {
      type: 'string',
      enum: ['queued', 'running', 'finished', 'failed'],
    },
    rowsTotal: {
      type: ['integer', 'null'],
    },
    rowsDone: {
      type: 'integer',
    },
    error: {
      type: ['string', 'null'],
    },
    downloadUrl: {
      type: ['string', 'null'],
      description: 'Signed link to the file, valid for one hour, once finished',
    },
    createdAt: {
      type: 'string',
      format: 'date-time',
    },
    finishedAt: {
      type: ['string', 'null'],
      format: 'date-time',
    },
  },
} as const;

export const ChannelName = {
  type: 'string',
  description: 'A messaging channel (shared/messaging.ts CHANNELS).',
  enum: ['email', 'whatsapp', 'sms'],
} as const;

export const MessageStatus = {
  type: 'string',
  enum: ['draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled', 'failed'],
} as const;

export const MessageType = {
  type: 'string',
  enum: ['regular', 'automated'],
} as const;

export const MessageCategory = {
  type: 'string',
  enum: ['marketing', 'transactional'],
} as const;

export const Sender = {
  type: 'object',
  required: [
    'id',
    'channel',
    'name',
    'address',
    'replyTo',
    'domainId',
    'status',
    'verifiedAt',
    'verificationSentAt',
    'relayConfigured',
    'ratePerMinute',
    'warmup',
    'createdAt',
    'updatedAt',
  ],
  properties: {
    id: {
      type: 'integer',
    },
    channel: {
      type: 'string',
      description: 'A messaging channel (shared/messaging.ts CHANNELS).',
      enum: ['email', 'whatsapp', 'sms'],
    },
    name: {
      type: 'string',
    },
    address: {
      type: 'string',
    },
    replyTo: {
      type: ['string', 'null'],
    },
    domainId: {
      type: ['integer', 'null'],
    },
    status: {
      type: 'string',
      description: 'verified; pending: a link was sent and is valid; expired: the link is older than 48 hours',
      enum: ['verified', 'pending', 'expired'],
    },
    verifiedAt: {
      type: ['string', 'null'],
      format: 'date-time',
    },
    verificationSentAt: {
      type: ['string', 'null'],
      format: 'date-time',
    },
    relayConfigured: {
      type: 'boolean',
      description: 'The sender sends through a relay of its own (never shown)',
    },
    ratePerMinute: {
      type: ['integer', 'null'],
    },
    warmup: {
      type: 'object',
      additionalProperties: false,
      required: ['enabled', 'startedOn', 'initial', 'increasePct'],
      properties: {
        enabled: {
          type: 'boolean',
        },
        startedOn: {
          type: ['string', 'null'],
          format: 'date',
          description: 'Day 0 of the plan; null: the first send',
        },
        initial: {
          type: 'integer',
          minimum: 1,
          maximum: 10000000,
          description: 'Messages on day 0 (advice: 3,000)',
        },
        increasePct: {
          type: 'number',
          minimum: 0,
          maximum: 500,
          description: 'Daily increase in percent (advice 15; 0 means constant volume)',
        },
      },
    },
    createdAt: {
      type: 'string',
      format: 'date-time',
    },
    updatedAt: {
      type: 'string',
      format: 'date-time',
    },
  },
} as const;

export const SenderWarmup = {
  type: 'object',
  additionalProperties: false,
  required: ['enabled', 'startedOn', 'initial', 'increasePct'],
  properties: {
    enabled: {
      type: 'boolean',
    },
    startedOn: {
      type: ['string', 'null'],
      format: 'date',
      description: 'Day 0 of the plan; null: the first send',
    },
    initial: {
      type: 'integer',
      minimum: 1,
      maximum: 10000000,
      description: 'Messages on day 0 (advice: 3,000)',
    },
    increasePct: {
      type: 'number',
      minimum: 0,
      maximum: 500,
      description: 'Daily increase in percent (advice 15; 0 means constant volume)',
    },
  },
} as const;

export const SenderInput = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'address'],
  properties: {
    name: {
      type: 'string',
      minLength: 1,
      maxLength: 100,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    address: {
      type: 'string',
      format: 'email',
      minLength: 5,
      maxLength: 254,
      description: 'The from address (email; other channels widen this when they are built)',
    },
    replyTo: {
      type: ['string', 'null'],
      format: 'email',
      maxLength: 254,
    },
    relayUrl: {
      type: ['string', 'null'],
      maxLength: 2000,
      pattern: '^smtps?://',
      description: 'An SMTP relay of its own (smtp:// or smtps://); write-only, sealed at rest; null: SMTP_URL',
    },
    ratePerMinute: {
      type: ['integer', 'null'],
      minimum: 1,
      maximum: 1000000,
    },
    warmup: {
      type: 'object',
      additionalProperties: false,
      required: ['enabled', 'startedOn', 'initial', 'increasePct'],
      properties: {
        enabled: {
          type: 'boolean',
        },
        startedOn: {
          type: ['string', 'null'],
          format: 'date',
          description: 'Day 0 of the plan; null: the first send',
        },
        initial: {
          type: 'integer',
          minimum: 1,
          maximum: 10000000,
          description: 'Messages on day 0 (advice: 3,000)',
        },
        increasePct: {
          type: 'number',
          minimum: 0,
          maximum: 500,
          description: 'Daily increase in percent (advice 15; 0 means constant volume)',
        },
      },
    },
  },
} as const;

export const SenderPatch = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    name: {
      type: 'string',
      minLength: 1,
      maxLength: 100,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    address: {
      type: 'string',
      format: 'email',
      minLength: 5,
      maxLength: 254,
      description: 'The from address (email; other channels widen this when they are built)',
    },
    replyTo: {
      type: ['string', 'null'],
      format: 'email',
      maxLength: 254,
    },
    relayUrl: {
      type: ['string', 'null'],
      maxLength: 2000,
      pattern: '^smtps?://',
    },
    ratePerMinute: {
      type: ['integer', 'null'],
      minimum: 1,
      maximum: 1000000,
    },
    warmup: {
      type: 'object',
      additionalProperties: false,
      required: ['enabled', 'startedOn', 'initial', 'increasePct'],
      properties: {
        enabled: {
          type: 'boolean',
        },
        startedOn: {
          type: ['string', 'null'],
          format: 'date',
          description: 'Day 0 of the plan; null: the first send',
        },
        initial: {
          type: 'integer',
          minimum: 1,
          maximum: 10000000,
          description: 'Messages on day 0 (advice: 3,000)',
        },
        increasePct: {
          type: 'number',
          minimum: 0,
          maximum: 500,
          description: 'Daily increase in percent (advice 15; 0 means constant volume)',
        },
      },
    },
  },
} as const;

export const DnsRecordStatus = {
  type: 'string',
  description: 'found; missing: no record; wrong: a record exists but does not match; unchecked: never checked',
  enum: ['found', 'missing', 'wrong', 'unchecked'],
} as const;

export const DnsRecord = {
  type: 'object',
  required: ['kind', 'type', 'host', 'value', 'status', 'seen'],
  properties: {
    kind: {
      type: 'string',
      enum: ['dkim', 'spf', 'dmarc', 'returnPath'],
    },
    type: {
      type: 'string',
      enum: ['TXT', 'MX', 'CNAME'],
    },
    host: {
      type: 'string',
      description: 'The name to publish the record at',
    },
    value: {
      type: 'string',
      description: 'The value to publish',
    },
    status: {
      type: 'string',
      description: 'found; missing: no record; wrong: a record exists but does not match; unchecked: never checked',
      enum: ['found', 'missing', 'wrong', 'unchecked'],
    },
    seen: {
      type: 'array',
      description: 'What the last check found at that name (for a wrong record)',
      items: {
        type: 'string',
      },
    },
  },
} as const;

export const SendingDomain = {
  type: 'object',
  required: ['id', 'domain', 'keySelector', 'returnPathHost', 'records', 'checkedAt', 'createdAt'],
  properties: {
    id: {
      type: 'integer',
    },
    domain: {
      type: 'string',
    },
    keySelector: {
      type: 'string',
    },
    returnPathHost: {
      type: 'string',
    },
    records: {
      type: 'array',
      items: {
        type: 'object',
        required: ['kind', 'type', 'host', 'value', 'status', 'seen'],
        properties: {
          kind: {
            type: 'string',
            enum: ['dkim', 'spf', 'dmarc', 'returnPath'],
          },
          type: {
            type: 'string',
            enum: ['TXT', 'MX', 'CNAME'],
          },
          host: {
            type: 'string',
            description: 'The name to publish the record at',
          },
          value: {
            type: 'string',
            description: 'The value to publish',
          },
          status: {
            type: 'string',
            description:
              'found; missing: no record; wrong: a record exists but does not match; unchecked: never checked',
            enum: ['found', 'missing', 'wrong', 'unchecked'],
          },
          seen: {
            type: 'array',
            description: 'What the last check found at that name (for a wrong record)',
            items: {
              type: 'string',
            },
          },
        },
      },
    },
    checkedAt: {
      type: ['string', 'null'],
      format: 'date-time',
    },
    createdAt: {
      type: 'string',
      format: 'date-time',
    },
  },
} as const;

export const TemplateStarter = {
  type: 'string',
  description: 'The design a new template starts from.',
  enum: ['blank', 'newsletter', 'announcement'],
} as const;

export const TemplateCreateInput = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: {
      type: 'string',
      maxLength: 100,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    starter: {
      type: 'string',
      description: 'The design a new template starts from.',
      enum: ['blank', 'newsletter', 'announcement'],
    },
  },
} as const;

export const TemplateUpdateInput = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    name: {
      type: 'string',
      maxLength: 100,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    subject: {
      type: ['string', 'null'],
      maxLength: 300,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    design: {
      type: ['object', 'null'],
      additionalProperties: true,
      description: "The editor's project data (GrapesJS for email), stored as given.",
    },
    source: {
      type: 'string',
      maxLength: 500000,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
      description: "The design's source (MJML for email), compiled by the server.",
    },
  },
} as const;

export const TemplateSummary = {
  type: 'object',
  required: ['id', 'channel', 'name', 'subject', 'html', 'createdAt', 'updatedAt'],
  properties: {
    id: {
      type: 'integer',
      minimum: 1,
      maximum: 9007199254740991,
    },
    channel: {
      type: 'string',
      description: 'A messaging channel (shared/messaging.ts CHANNELS).',
      enum: ['email', 'whatsapp', 'sms'],
    },
    name: {
      type: 'string',
    },
    subject: {
      type: ['string', 'null'],
    },
    html: {
      type: ['string', 'null'],
      description: 'The compiled HTML, shown scaled down as the thumbnail',
    },
    createdAt: {
      type: 'string',
      format: 'date-time',
    },
    updatedAt: {
      type: 'string',
      format: 'date-time',
    },
  },
} as const;

export const Template = {
  allOf: [
    {
      type: 'object',
      required: ['id', 'channel', 'name', 'subject', 'html', 'createdAt', 'updatedAt'],
      properties: {
        id: {
          type: 'integer',
          minimum: 1,
          maximum: 9007199254740991,
        },
        channel: {
          type: 'string',
          description: 'A messaging channel (shared/messaging.ts CHANNELS).',
          enum: ['email', 'whatsapp', 'sms'],
        },
        name: {
          type: 'string',
        },
        subject: {
          type: ['string', 'null'],
        },
        html: {
          type: ['string', 'null'],
          description: 'The compiled HTML, shown scaled down as the thumbnail',
        },
        createdAt: {
          type: 'string',
          format: 'date-time',
        },
        updatedAt: {
          type: 'string',
          format: 'date-time',
        },
      },
    },
    {
      type: 'object',
      required: ['design', 'source', 'text'],
      properties: {
        design: {
          type: ['object', 'null'],
          additionalProperties: true,
        },
        source: {
          type: 'string',
        },
        text: {
          type: ['string', 'null'],
          description: 'The plain-text part',
        },
      },
    },
  ],
} as const;

export const RenderedPreview = {
  type: 'object',
  required: ['subject', 'html', 'text'],
  properties: {
    subject: {
      type: ['string', 'null'],
    },
    html: {
      type: 'string',
    },
    text: {
      type: 'string',
    },
  },
} as const;

export const MergeTag = {
  type: 'object',
  required: ['tag', 'kind', 'name'],
  properties: {
    tag: {
      type: 'string',
      description: 'What the picker inserts, e.g. {{ contact.first_name | default: "there" }}',
    },
    kind: {
      type: 'string',
      enum: ['field', 'attribute', 'link'],
    },
    name: {
      type: 'string',
      description: 'The field, attribute or link name',
    },
  },
} as const;

export const Asset = {
  type: 'object',
  required: ['id', 'filename', 'contentType', 'size', 'width', 'height', 'url', 'createdAt'],
  properties: {
    id: {
      type: 'integer',
      minimum: 1,
      maximum: 9007199254740991,
    },
    filename: {
      type: 'string',
    },
    contentType: {
      type: 'string',
      enum: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
    },
    size: {
      type: 'integer',
    },
    width: {
      type: ['integer', 'null'],
    },
    height: {
      type: ['integer', 'null'],
    },
    url: {
      type: 'string',
      description: 'The public URL, /api/public/assets/{token}',
    },
    createdAt: {
      type: 'string',
      format: 'date-time',
    },
  },
} as const;

export const TestSendInput = {
  type: 'object',
  additionalProperties: false,
  required: ['addresses'],
  properties: {
    addresses: {
      type: 'array',
      minItems: 1,
      maxItems: 10,
      uniqueItems: true,
      items: {
        type: 'string',
        format: 'email',
        maxLength: 254,
      },
    },
    templateId: {
      type: 'integer',
      minimum: 1,
      maximum: 9007199254740991,
    },
    messageId: {
      type: 'integer',
      minimum: 1,
      maximum: 9007199254740991,
    },
    contactId: {
      type: 'integer',
      minimum: 1,
      maximum: 9007199254740991,
      description: 'The contact whose fields fill the merge tags; none means sample values.',
    },
  },
} as const;

export const TestSendResult = {
  type: 'object',
  required: ['sent'],
  properties: {
    sent: {
      type: 'array',
      items: {
        type: 'object',
        required: ['address', 'response'],
        properties: {
          address: {
            type: 'string',
          },
          response: {
            type: 'string',
            description: "The provider's answer",
          },
        },
      },
    },
  },
} as const;

export const MessageSendState = {
  type: 'object',
  description:
    "A campaign's status and its frozen recipients by delivery state. It is sent only when none is pending or deferred; while some wait, pendingReason says why (deferred by the provider, the sender's rate limit, or its warm-up quota for the day); a campaign paused because its sender lost its verification while sending (a new address) says sender_unverified, and resumes once the sender is verified; one paused because its channel's credits ran out says credits_exhausted, and resumes when credits are granted.",
  required: [
    'id',
    'status',
    'recipientsTotal',
    'recipientsExcluded',
    'pending',
    'deferred',
    'sent',
    'notDelivered',
    'skipped',
    'pendingReason',
    'scheduledAt',
    'nextRunAt',
    'failure',
  ],
  properties: {
    id: {
      type: 'integer',
      minimum: 1,
      maximum: 9007199254740991,
    },
    status: {
      type: 'string',
      enum: ['draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled', 'failed'],
    },
    recipientsTotal: {
      type: 'integer',
      description: 'Recipients frozen when sending started',
    },
    recipientsExcluded: {
      type: 'integer',
      description: 'Matched but blocked or blocklisted: not sent to',
    },
    pending: {
      type: 'integer',
    },
    deferred: {
      type: 'integer',
    },
    sent: {
      type: 'integer',
      description: 'Accepted by the provider (or delivered)',
    },
    notDelivered: {
      type: 'integer',
    },
    skipped: {
      type: 'integer',
    },
    pendingReason: {
      type: ['string', 'null'],
      enum: ['deferred', 'rate_limit', 'warmup', 'sender_unverified', 'credits_exhausted', null],
    },
    scheduledAt: {
      type: ['string', 'null'],
      format: 'date-time',
    },
    nextRunAt: {
      type: ['string', 'null'],
      format: 'date-time',
      description: 'The next run of a repeating campaign',
    },
    failure: {
      type: ['string', 'null'],
      description: 'Why a failed campaign stopped',
    },
  },
} as const;

export const MessageSchedule = {
  description: 'How a message is sent; immediately, once at a time in a time zone, or repeatedly on a cron pattern.',
  oneOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['mode'],
      properties: {
        mode: {
          type: 'string',
          const: 'now',
        },
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['mode', 'at', 'timeZone'],
      properties: {
        mode: {
          type: 'string',
          const: 'at',
        },
        at: {
          type: 'string',
          description: 'Local date and time in the time zone, YYYY-MM-DDTHH:mm',
          pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}$',
        },
        timeZone: {
          type: 'string',
          minLength: 1,
          maxLength: 64,
          pattern: '^[A-Za-z0-9_+\\-/]+$',
        },
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['mode', 'pattern', 'timeZone'],
      properties: {
        mode: {
          type: 'string',
          const: 'repeat',
        },
        pattern: {
          type: 'string',
          minLength: 9,
          maxLength: 200,
          pattern: '^[0-9*,/\\- ]+$',
        },
        timeZone: {
          type: 'string',
          minLength: 1,
          maxLength: 64,
          pattern: '^[A-Za-z0-9_+\\-/]+$',
        },
      },
    },
  ],
} as const;

export const MessageIdList = {
  type: 'array',
  maxItems: 100,
  uniqueItems: true,
  items: {
    type: 'integer',
    minimum: 1,
    maximum: 9007199254740991,
  },
} as const;

export const MessageAudience = {
  type: 'object',
  additionalProperties: false,
  properties: {
    includeLists: {
      type: 'array',
      maxItems: 100,
      uniqueItems: true,
      items: {
        type: 'integer',
        minimum: 1,
        maximum: 9007199254740991,
      },
    },
    includeSegments: {
      type: 'array',
      maxItems: 100,
      uniqueItems: true,
      items: {
        type: 'integer',
        minimum: 1,
        maximum: 9007199254740991,
      },
    },
    excludeLists: {
      type: 'array',
      maxItems: 100,
      uniqueItems: true,
      items: {
        type: 'integer',
        minimum: 1,
        maximum: 9007199254740991,
      },
    },
    excludeSegments: {
      type: 'array',
      maxItems: 100,
      uniqueItems: true,
      items: {
        type: 'integer',
        minimum: 1,
        maximum: 9007199254740991,
      },
    },
  },
} as const;

export const MessageInput = {
  type: 'object',
  description: "The fields of the wizard's form; every one optional, so autosave sends only what changed.",
  additionalProperties: false,
  properties: {
    name: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    subject: {
      type: ['string', 'null'],
      maxLength: 300,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    previewText: {
      type: ['string', 'null'],
      maxLength: 300,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    fromName: {
      type: ['string', 'null'],
      maxLength: 100,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    senderId: {
      oneOf: [
        {
          type: 'integer',
          minimum: 1,
          maximum: 9007199254740991,
        },
        {
          type: 'null',
        },
      ],
    },
    replyTo: {
      type: ['string', 'null'],
      format: 'email',
      maxLength: 254,
    },
    type: {
      type: 'string',
      enum: ['regular', 'automated'],
    },
    category: {
      type: 'string',
      enum: ['marketing', 'transactional'],
    },
    templateId: {
      oneOf: [
        {
          type: 'integer',
          minimum: 1,
          maximum: 9007199254740991,
        },
        {
          type: 'null',
        },
      ],
    },
    design: {
      type: ['object', 'null'],
      additionalProperties: true,
      description: "The drag-and-drop editor's project data",
    },
    source: {
      type: ['string', 'null'],
      maxLength: 2000000,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    html: {
      type: ['string', 'null'],
      maxLength: 5000000,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    text: {
      type: ['string', 'null'],
      maxLength: 2000000,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    embedImages: {
      type: 'boolean',
    },
    mirrorLink: {
      type: 'boolean',
    },
    includeLists: {
      type: 'array',
      maxItems: 100,
      uniqueItems: true,
      items: {
        type: 'integer',
        minimum: 1,
        maximum: 9007199254740991,
      },
    },
    includeSegments: {
      type: 'array',
      maxItems: 100,
      uniqueItems: true,
      items: {
        type: 'integer',
        minimum: 1,
        maximum: 9007199254740991,
      },
    },
    excludeLists: {
      type: 'array',
      maxItems: 100,
      uniqueItems: true,
      items: {
        type: 'integer',
        minimum: 1,
        maximum: 9007199254740991,
      },
    },
    excludeSegments: {
      type: 'array',
      maxItems: 100,
      uniqueItems: true,
      items: {
        type: 'integer',
        minimum: 1,
        maximum: 9007199254740991,
      },
    },
    schedule: {
      description:
        'How a message is sent; immediately, once at a time in a time zone, or repeatedly on a cron pattern.',
      oneOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: ['mode'],
          properties: {
            mode: {
              type: 'string',
              const: 'now',
            },
          },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['mode', 'at', 'timeZone'],
          properties: {
            mode: {
              type: 'string',
              const: 'at',
            },
            at: {
              type: 'string',
              description: 'Local date and time in the time zone, YYYY-MM-DDTHH:mm',
              pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}$',
            },
            timeZone: {
              type: 'string',
              minLength: 1,
              maxLength: 64,
              pattern: '^[A-Za-z0-9_+\\-/]+$',
            },
          },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['mode', 'pattern', 'timeZone'],
          properties: {
            mode: {
              type: 'string',
              const: 'repeat',
            },
            pattern: {
              type: 'string',
              minLength: 9,
              maxLength: 200,
              pattern: '^[0-9*,/\\- ]+$',
            },
            timeZone: {
              type: 'string',
              minLength: 1,
              maxLength: 64,
              pattern: '^[A-Za-z0-9_+\\-/]+$',
            },
          },
        },
      ],
    },
  },
} as const;

export const Message = {
  type: 'object',
  required: [
    'id',
    'channel',
    'name',
    'status',
    'subject',
    'previewText',
    'fromName',
    'senderId',
    'replyTo',
    'type',
    'category',
    'templateId',
    'design',
    'source',
    'html',
    'text',
    'embedImages',
    'mirrorLink',
    'includeLists',
    'includeSegments',
    'excludeLists',
    'excludeSegments',
    'schedule',
    'scheduledAt',
    'createdAt',
    'updatedAt',
  ],
  properties: {
    id: {
      type: 'integer',
    },
    channel: {
      type: 'string',
      description: 'A messaging channel (shared/messaging.ts CHANNELS).',
      enum: ['email', 'whatsapp', 'sms'],
    },
    name: {
      type: 'string',
    },
    status: {
      type: 'string',
      enum: ['draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled', 'failed'],
    },
    subject: {
      type: ['string', 'null'],
    },
    previewText: {
      type: ['string', 'null'],
    },
    fromName: {
      type: ['string', 'null'],
    },
    senderId: {
      type: ['integer', 'null'],
    },
    replyTo: {
      type: ['string', 'null'],
    },
    type: {
      type: 'string',
      enum: ['regular', 'automated'],
    },
    category: {
      type: 'string',
      enum: ['marketing', 'transactional'],
    },
    templateId: {
      type: ['integer', 'null'],
    },
    design: {
      type: ['object', 'null'],
      additionalProperties: true,
    },
    source: {
      type: ['string', 'null'],
    },
    html: {
      type: ['string', 'null'],
    },
    text: {
      type: ['string', 'null'],
    },
    embedImages: {
      type: 'boolean',
    },
    mirrorLink: {
      type: 'boolean',
    },
    includeLists: {
      type: 'array',
      items: {
        type: 'integer',
      },
    },
    includeSegments: {
      type: 'array',
      items: {
        type: 'integer',
      },
    },
    excludeLists: {
      type: 'array',
      items: {
        type: 'integer',
      },
    },
    excludeSegments: {
      type: 'array',
      items: {
        type: 'integer',
      },
    },
    schedule: {
      description:
        'How a message is sent; immediately, once at a time in a time zone, or repeatedly on a cron pattern.',
      oneOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: ['mode'],
          properties: {
            mode: {
              type: 'string',
              const: 'now',
            },
          },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['mode', 'at', 'timeZone'],
          properties: {
            mode: {
              type: 'string',
              const: 'at',
            },
            at: {
              type: 'string',
              description: 'Local date and time in the time zone, YYYY-MM-DDTHH:mm',
              pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}$',
            },
            timeZone: {
              type: 'string',
              minLength: 1,
              maxLength: 64,
              pattern: '^[A-Za-z0-9_+\\-/]+$',
            },
          },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['mode', 'pattern', 'timeZone'],
          properties: {
            mode: {
              type: 'string',
              const: 'repeat',
            },
            pattern: {
              type: 'string',
              minLength: 9,
              maxLength: 200,
              pattern: '^[0-9*,/\\- ]+$',
            },
            timeZone: {
              type: 'string',
              minLength: 1,
              maxLength: 64,
              pattern: '^[A-Za-z0-9_+\\-/]+$',
            },
          },
        },
      ],
    },
    scheduledAt: {
      type: ['string', 'null'],
      format: 'date-time',
    },
    createdAt: {
      type: 'string',
      format: 'date-time',
    },
    updatedAt: {
      type: 'string',
      format: 'date-time',
    },
  },
} as const;

export const ChecklistItem = {
  type: 'object',
  required: ['key', 'ok', 'blocking'],
  properties: {
    key: {
      type: 'string',
      enum: [
        'content',
        'recipients',
        'senderVerified',
        'dkimFound',
        'spfFound',
        'unsubscribeLink',
        'previewText',
        'imageAlt',
        'linksValid',
        'mergeTags',
        'size',
      ],
    },
    ok: {
      type: 'boolean',
    },
    blocking: {
      type: 'boolean',
      description: 'A failing blocking item stops the send; the others are advice',
    },
    detail: {
      type: 'string',
      description: 'What is wrong, in English (the SPA translates by key)',
    },
  },
} as const;

export const MessageOptions = {
  type: 'object',
  required: ['senders', 'templates', 'lists', 'segments'],
  properties: {
    senders: {
      type: 'array',
      description: 'Verified senders of the channel',
      items: {
        type: 'object',
        required: ['id', 'name', 'address'],
        properties: {
          id: {
            type: 'integer',
          },
          name: {
            type: 'string',
          },
          address: {
            type: 'string',
          },
        },
      },
    },
    templates: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name', 'thumbnail', 'updatedAt'],
        properties: {
          id: {
            type: 'integer',
          },
          name: {
            type: 'string',
          },
          thumbnail: {
            type: ['string', 'null'],
          },
          updatedAt: {
            type: 'string',
            format: 'date-time',
          },
        },
      },
    },
    lists: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name', 'memberCount'],
        properties: {
          id: {
            type: 'integer',
          },
          name: {
            type: 'string',
          },
          memberCount: {
            type: 'integer',
          },
        },
      },
    },
    segments: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name'],
        properties: {
          id: {
            type: 'integer',
          },
          name: {
            type: 'string',
          },
        },
      },
    },
  },
} as const;

export const UnsubscribeTexts = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'body', 'button', 'done'],
  properties: {
    title: {
      type: 'string',
      minLength: 1,
      maxLength: 100,
      description: "The page's heading",
    },
    body: {
      type: 'string',
      minLength: 1,
      maxLength: 1000,
      description: 'The question above the button',
    },
    button: {
      type: 'string',
      minLength: 1,
      maxLength: 50,
      description: "The confirm button's label",
    },
    done: {
      type: 'string',
      minLength: 1,
      maxLength: 1000,
      description: 'Shown once unsubscribed',
    },
  },
} as const;

export const UnsubscribeColour = {
  type: 'string',
  pattern: '^#[0-9a-fA-F]{6}$',
  description: 'A colour as',
} as const;

export const UnsubscribeSettings = {
  type: 'object',
  additionalProperties: false,
  required: ['texts', 'colours', 'offerLists'],
  properties: {
    texts: {
      type: 'object',
      additionalProperties: false,
      required: ['en', 'it'],
      description: "The page's texts per language; a contact sees its own language (en or it), English otherwise.",
      properties: {
        en: {
          type: 'object',
          additionalProperties: false,
          required: ['title', 'body', 'button', 'done'],
          properties: {
            title: {
              type: 'string',
              minLength: 1,
              maxLength: 100,
              description: "The page's heading",
            },
            body: {
              type: 'string',
              minLength: 1,
              maxLength: 1000,
              description: 'The question above the button',
            },
            button: {
              type: 'string',
              minLength: 1,
              maxLength: 50,
              description: "The confirm button's label",
            },
            done: {
              type: 'string',
              minLength: 1,
              maxLength: 1000,
              description: 'Shown once unsubscribed',
            },
          },
        },
        it: {
          type: 'object',
          additionalProperties: false,
          required: ['title', 'body', 'button', 'done'],
          properties: {
            title: {
              type: 'string',
              minLength: 1,
              maxLength: 100,
              description: "The page's heading",
            },
            body: {
              type: 'string',
              minLength: 1,
              maxLength: 1000,
              description: 'The question above the button',
            },
            button: {
              type: 'string',
              minLength: 1,
              maxLength: 50,
              description: "The confirm button's label",
            },
            done: {
              type: 'string',
              minLength: 1,
              maxLength: 1000,
              description: 'Shown once unsubscribed',
            },
          },
        },
      },
    },
    colours: {
      type: 'object',
      additionalProperties: false,
      required: ['background', 'text', 'button', 'buttonText'],
      properties: {
        background: {
          type: 'string',
          pattern: '^#[0-9a-fA-F]{6}$',
          description: 'A colour as',
        },
        text: {
          type: 'string',
          pattern: '^#[0-9a-fA-F]{6}$',
          description: 'A colour as',
        },
        button: {
          type: 'string',
          pattern: '^#[0-9a-fA-F]{6}$',
          description: 'A colour as',
        },
        buttonText: {
          type: 'string',
          pattern: '^#[0-9a-fA-F]{6}$',
          description: 'A colour as',
        },
      },
    },
    offerLists: {
      type: 'boolean',
      description: 'Offer the contact a choice of its lists to leave instead of leaving everything.',
    },
  },
} as const;

export const SendgridEvent = {
  type: 'object',
  description: "One event of SendGrid's Event Webhook; fields beyond these (and unique arguments) are kept as sent.",
  required: ['event'],
  additionalProperties: true,
  properties: {
    event: {
      type: 'string',
      maxLength: 64,
    },
    email: {
      type: 'string',
      maxLength: 320,
    },
    timestamp: {
      type: 'number',
    },
    sg_event_id: {
      type: 'string',
      maxLength: 200,
    },
    sg_message_id: {
      type: 'string',
      maxLength: 500,
    },
    type: {
      type: 'string',
      maxLength: 64,
      description: 'For bounces: bounce (permanent) or blocked (temporary)',
    },
    status: {
      type: 'string',
      maxLength: 64,
    },
    reason: {
      type: 'string',
      maxLength: 10000,
    },
    missiva: {
      type: 'string',
      maxLength: 100,
      description: "The recipient's token, sent as a unique argument",
    },
  },
} as const;

export const MailgunWebhook = {
  type: 'object',
  required: ['signature', 'event-data'],
  additionalProperties: true,
  properties: {
    signature: {
      type: 'object',
      required: ['timestamp', 'token', 'signature'],
      properties: {
        timestamp: {
          type: 'string',
          maxLength: 32,
        },
        token: {
          type: 'string',
          maxLength: 200,
        },
        signature: {
          type: 'string',
          maxLength: 200,
        },
      },
    },
    'event-data': {
      type: 'object',
      required: ['event'],
      additionalProperties: true,
      properties: {
        id: {
          type: 'string',
          maxLength: 200,
        },
        event: {
          type: 'string',
          maxLength: 64,
        },
        timestamp: {
          type: 'number',
        },
        recipient: {
          type: 'string',
          maxLength: 320,
        },
        severity: {
          type: 'string',
          maxLength: 32,
          description: 'For failures: permanent or temporary',
        },
        reason: {
          type: 'string',
          maxLength: 200,
        },
        'delivery-status': {
          type: 'object',
          additionalProperties: true,
        },
        'user-variables': {
          type: 'object',
          additionalProperties: true,
        },
      },
    },
  },
} as const;

export const ProviderEventsResult = {
  type: 'object',
  required: ['received', 'applied', 'duplicates', 'ignored'],
  properties: {
    received: {
      type: 'integer',
      minimum: 0,
    },
    applied: {
      type: 'integer',
      minimum: 0,
      description: 'Applied to a recipient (a delivery, bounce, complaint or unsubscribe)',
    },
    duplicates: {
      type: 'integer',
      minimum: 0,
      description: 'Already applied (a redelivered event)',
    },
    ignored: {
      type: 'integer',
      minimum: 0,
      description: 'Not applied (opens and clicks, which our own links track; events naming no recipient of ours)',
    },
  },
} as const;

export const DeliveryState = {
  type: 'string',
  description: "A recipient's delivery state as stored (shared/messaging.ts DELIVERY_STATES).",
  enum: ['pending', 'deferred', 'sent', 'delivered', 'not_delivered', 'skipped'],
} as const;

export const RecipientState = {
  type: 'string',
  description:
    "A recipient's state as reports show it (shared/messaging.ts RECIPIENT_STATES), plus pending while it is not yet sent: unsubscribed over clicked over opened over delivered.",
  enum: ['pending', 'delivered', 'not_delivered', 'opened', 'clicked', 'unsubscribed', 'blocklisted'],
} as const;

export const ReportFilter = {
  type: 'string',
  description:
    'Which recipients of a report: each filter is inclusive (clicked recipients also count as opened), not_opened is delivered without an open.',
  enum: [
    'all',
    'pending',
    'delivered',
    'not_delivered',
    'opened',
    'not_opened',
    'clicked',
    'unsubscribed',
    'blocklisted',
    'bounced',
    'complained',
  ],
} as const;

export const CampaignRow = {
  type: 'object',
  required: [
    'id',
    'channel',
    'name',
    'subject',
    'type',
    'category',
    'status',
    'createdAt',
    'scheduledAt',
    'sentAt',
    'recipients',
    'opened',
    'clicked',
    'openRate',
    'clickRate',
  ],
  properties: {
    id: {
      type: 'integer',
      minimum: 1,
      maximum: 9007199254740991,
    },
    channel: {
      type: 'string',
      description: 'A messaging channel (shared/messaging.ts CHANNELS).',
      enum: ['email', 'whatsapp', 'sms'],
    },
    name: {
      type: 'string',
    },
    subject: {
      type: ['string', 'null'],
    },
    type: {
      type: 'string',
      enum: ['regular', 'automated'],
    },
    category: {
      type: 'string',
      enum: ['marketing', 'transactional'],
    },
    status: {
      type: 'string',
      enum: ['draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled', 'failed'],
    },
    createdAt: {
      type: 'string',
      format: 'date-time',
    },
    scheduledAt: {
      type: ['string', 'null'],
      format: 'date-time',
    },
    sentAt: {
      type: ['string', 'null'],
      format: 'date-time',
    },
    recipients: {
      type: 'integer',
      minimum: 0,
    },
    opened: {
      type: 'integer',
      minimum: 0,
      description: 'Recipients with an open',
    },
    clicked: {
      type: 'integer',
      minimum: 0,
      description: 'Recipients with a click',
    },
    openRate: {
      type: 'number',
      minimum: 0,
      maximum: 1,
      description: 'Opened over delivered',
    },
    clickRate: {
      type: 'number',
      minimum: 0,
      maximum: 1,
      description: 'Clicked over delivered',
    },
  },
} as const;

export const MessageLogEntry = {
  type: 'object',
  required: [
    'id',
    'messageId',
    'channel',
    'campaign',
    'address',
    'contactId',
    'state',
    'providerResponse',
    'sentAt',
    'attempts',
  ],
  properties: {
    id: {
      type: 'integer',
      minimum: 1,
      maximum: 9007199254740991,
    },
    messageId: {
      type: 'integer',
      minimum: 1,
      maximum: 9007199254740991,
    },
    channel: {
      type: 'string',
      description: 'A messaging channel (shared/messaging.ts CHANNELS).',
      enum: ['email', 'whatsapp', 'sms'],
    },
    campaign: {
      type: 'string',
      description: "The campaign's name",
    },
    address: {
      type: 'string',
    },
    contactId: {
      type: ['integer', 'null'],
    },
    state: {
      type: 'string',
      description: "A recipient's delivery state as stored (shared/messaging.ts DELIVERY_STATES).",
      enum: ['pending', 'deferred', 'sent', 'delivered', 'not_delivered', 'skipped'],
    },
    providerResponse: {
      type: ['string', 'null'],
      description: "The provider's answer (an SMTP reply line)",
    },
    sentAt: {
      type: ['string', 'null'],
      format: 'date-time',
    },
    attempts: {
      type: 'integer',
      minimum: 0,
    },
  },
} as const;

export const ReportRates = {
  type: 'object',
  description: 'Ratios from 0 to 1; delivery over recipients, the others over delivered.',
  required: ['delivered', 'opened', 'clicked', 'unsubscribed', 'bounced', 'complained'],
  properties: {
    delivered: {
      type: 'number',
    },
    opened: {
      type: 'number',
    },
    clicked: {
      type: 'number',
    },
    unsubscribed: {
      type: 'number',
    },
    bounced: {
      type: 'number',
    },
    complained: {
      type: 'number',
    },
  },
} as const;

export const MessageReport = {
  type: 'object',
  required: [
    'id',
    'channel',
    'name',
    'subject',
    'status',
    'sentAt',
    'finishedAt',
    'recipients',
    'excluded',
    'delivered',
    'notDelivered',
    'opened',
    'openedMachine',
    'opens',
    'clicked',
    'clicks',
    'unsubscribed',
    'blocklisted',
    'bounced',
    'complained',
    'pending',
    'rates',
  ],
  properties: {
    id: {
      type: 'integer',
      minimum: 1,
      maximum: 9007199254740991,
    },
    channel: {
      type: 'string',
      description: 'A messaging channel (shared/messaging.ts CHANNELS).',
      enum: ['email', 'whatsapp', 'sms'],
    },
    name: {
      type: 'string',
    },
    subject: {
      type: ['string', 'null'],
    },
    status: {
      type: 'string',
      enum: ['draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled', 'failed'],
    },
    sentAt: {
      type: ['string', 'null'],
      format: 'date-time',
    },
    finishedAt: {
      type: ['string', 'null'],
      format: 'date-time',
    },
    recipients: {
      type: 'integer',
      description: 'Recipients frozen at send time',
    },
    excluded: {
      type: 'integer',
      description: 'Removed at send time: duplicates, blocklisted, unsubscribed',
    },
    delivered: {
      type: 'integer',
      description: 'Accepted by the provider and not bounced',
    },
    notDelivered: {
      type: 'integer',
    },
    opened: {
      type: 'integer',
      description: 'Recipients with a human open',
    },
    openedMachine: {
      type: 'integer',
      description: 'Recipients opened only by machines: privacy proxies, link scanners',
    },
    opens: {
      type: 'integer',
      description: 'Human opens in all',
    },
    clicked: {
      type: 'integer',
      description: 'Recipients with a human click',
    },
    clicks: {
      type: 'integer',
      description: 'Human clicks in all',
    },
    unsubscribed: {
      type: 'integer',
    },
    blocklisted: {
      type: 'integer',
      description: 'Skipped because the address is blocklisted or unsubscribed',
    },
    bounced: {
      type: 'integer',
    },
    complained: {
      type: 'integer',
    },
    pending: {
      type: 'object',
      description: 'Recipients without a final state yet, and why',
      required: ['total', 'queued', 'deferred', 'waiting', 'paused'],
      properties: {
        total: {
          type: 'integer',
        },
        queued: {
          type: 'integer',
          description: 'Not yet tried',
        },
        deferred: {
          type: 'integer',
          description: 'A transient failure, retried later',
        },
        waiting: {
          type: 'integer',
          description: "Held by the sender's rate limit or the warm-up quota",
        },
        paused: {
          type: 'boolean',
          description: 'The campaign is paused',
        },
      },
    },
    rates: {
      type: 'object',
      description: 'Ratios from 0 to 1; delivery over recipients, the others over delivered.',
      required: ['delivered', 'opened', 'clicked', 'unsubscribed', 'bounced', 'complained'],
      properties: {
        delivered: {
          type: 'number',
        },
        opened: {
          type: 'number',
        },
        clicked: {
          type: 'number',
        },
        unsubscribed: {
          type: 'number',
        },
        bounced: {
          type: 'number',
        },
        complained: {
          type: 'number',
        },
      },
    },
  },
} as const;

export const ReportLink = {
  type: 'object',
  required: ['idx', 'url', 'clicks', 'clickers'],
  properties: {
    idx: {
      type: 'integer',
    },
    url: {
      type: 'string',
    },
    clicks: {
      type: 'integer',
      description: 'Human clicks',
    },
    clickers: {
      type: 'integer',
      description: 'Recipients with a human click on the link',
    },
  },
} as const;

export const ReportTimelineBucket = {
  type: 'object',
  required: ['at', 'unit', 'opens', 'clicks', 'machineOpens'],
  properties: {
    at: {
      type: 'string',
      format: 'date-time',
    },
    unit: {
      type: 'string',
      enum: ['hour', 'day'],
    },
    opens: {
      type: 'integer',
    },
    clicks: {
      type: 'integer',
    },
    machineOpens: {
      type: 'integer',
    },
  },
} as const;

export const ReportRecipient = {
  type: 'object',
  required: [
    'id',
    'address',
    'contactId',
    'state',
    'deliveryState',
    'providerResponse',
    'sentAt',
    'openedAt',
    'clickedAt',
  ],
  properties: {
    id: {
      type: 'integer',
      minimum: 1,
      maximum: 9007199254740991,
    },
    address: {
      type: 'string',
    },
    contactId: {
      type: ['integer', 'null'],
    },
    state: {
      type: 'string',
      description:
        "A recipient's state as reports show it (shared/messaging.ts RECIPIENT_STATES), plus pending while it is not yet sent: unsubscribed over clicked over opened over delivered.",
      enum: ['pending', 'delivered', 'not_delivered', 'opened', 'clicked', 'unsubscribed', 'blocklisted'],
    },
    deliveryState: {
      type: 'string',
      description: "A recipient's delivery state as stored (shared/messaging.ts DELIVERY_STATES).",
      enum: ['pending', 'deferred', 'sent', 'delivered', 'not_delivered', 'skipped'],
    },
    providerResponse: {
      type: ['string', 'null'],
    },
    sentAt: {
      type: ['string', 'null'],
      format: 'date-time',
    },
    openedAt: {
      type: ['string', 'null'],
      format: 'date-time',
    },
    clickedAt: {
      type: ['string', 'null'],
      format: 'date-time',
    },
  },
} as const;

export const Readiness = {
  type: 'object',
  required: ['status', 'role'],
  properties: {
    status: {
      type: 'string',
      enum: ['ready'],
    },
    role: {
      type: 'string',
      enum: ['all', 'api', 'worker'],
      description: 'The ROLE this node runs.',
    },
  },
} as const;

export const TrackerEventType = {
  type: 'string',
  enum: ['page_view', 'event', 'identify'],
} as const;

export const TrackerConsentMode = {
  type: 'string',
  enum: ['ask', 'none'],
  description: "`ask`: the snippet records nothing until the page calls missiva('consent', true); `none`: at once.",
} as const;

export const TrackerBatch = {
  type: 'object',
  required: ['visitorId', 'events'],
  additionalProperties: false,
  properties: {
    visitorId: {
      type: 'string',
      minLength: 1,
      maxLength: 64,
      pattern: '^[A-Za-z0-9_-]+$',
      description: 'The anonymous id the snippet keeps for the browser (first-party storage).',
    },
    consent: {
      type: 'boolean',
      description:
        "The visitor has consented (missiva('consent', true)). A site whose consent mode is `ask` stores only batches that say so; the others are answered 204 and dropped.",
    },
    events: {
      type: 'array',
      minItems: 1,
      maxItems: 50,
      items: {
        type: 'object',
        required: ['type'],
        additionalProperties: false,
        description: 'One event, at most 4 kB as JSON; its properties at most 2 kB.',
        properties: {
          type: {
            type: 'string',
            enum: ['page_view', 'event', 'identify'],
          },
          name: {
            type: 'string',
            minLength: 1,
            maxLength: 100,
            description: "The custom event's name (type event).",
          },
          email: {
            type: 'string',
            maxLength: 254,
            description: "The visitor's email (type identify).",
          },
          url: {
            type: 'string',
            maxLength: 2048,
          },
          referrer: {
            type: 'string',
            maxLength: 2048,
          },
          properties: {
            type: 'object',
            additionalProperties: true,
            maxProperties: 50,
          },
          at: {
            type: 'string',
            format: 'date-time',
            description: "The browser's clock when the event happened.",
          },
        },
      },
    },
  },
} as const;

export const TrackerEventInput = {
  type: 'object',
  required: ['type'],
  additionalProperties: false,
  description: 'One event, at most 4 kB as JSON; its properties at most 2 kB.',
  properties: {
    type: {
      type: 'string',
      enum: ['page_view', 'event', 'identify'],
    },
    name: {
      type: 'string',
      minLength: 1,
      maxLength: 100,
      description: "The custom event's name (type event).",
    },
    email: {
      type: 'string',
      maxLength: 254,
      description: "The visitor's email (type identify).",
    },
    url: {
      type: 'string',
      maxLength: 2048,
    },
    referrer: {
      type: 'string',
      maxLength: 2048,
    },
    properties: {
      type: 'object',
      additionalProperties: true,
      maxProperties: 50,
    },
    at: {
      type: 'string',
      format: 'date-time',
      description: "The browser's clock when the event happened.",
    },
  },
} as const;

export const TrackerSite = {
  type: 'object',
  required: ['id', 'name', 'siteKey', 'allowedDomains', 'consentMode', 'retentionDays', 'snippet', 'createdAt'],
  properties: {
    id: {
      type: 'integer',
      minimum: 1,
      maximum: 9007199254740991,
    },
    name: {
      type: 'string',
    },
    siteKey: {
      type: 'string',
    },
    allowedDomains: {
      type: 'array',
      items: {
        type: 'string',
      },
    },
    consentMode: {
      type: 'string',
      enum: ['ask', 'none'],
      description: "`ask`: the snippet records nothing until the page calls missiva('consent', true); `none`: at once.",
    },
    retentionDays: {
      type: 'integer',
    },
    snippet: {
      type: 'string',
      description: 'The tag to paste into every page of the site.',
    },
    createdAt: {
      type: 'string',
      format: 'date-time',
    },
  },
} as const;

export const TrackerSiteInput = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: {
    name: {
      type: 'string',
      minLength: 1,
      maxLength: 100,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    allowedDomains: {
      type: 'array',
      maxItems: 20,
      uniqueItems: true,
      description:
        'Host names whose pages may send events; `*.example.com` allows example.com and every subdomain of it.',
      items: {
        type: 'string',
        maxLength: 253,
        pattern:
          '^(\\*\\.)?([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\\.)*[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$',
      },
    },
    consentMode: {
      type: 'string',
      enum: ['ask', 'none'],
      description: "`ask`: the snippet records nothing until the page calls missiva('consent', true); `none`: at once.",
    },
    retentionDays: {
      type: 'integer',
      minimum: 30,
      maximum: 1825,
    },
  },
} as const;

export const TrackerAllowedDomains = {
  type: 'array',
  maxItems: 20,
  uniqueItems: true,
  description: 'Host names whose pages may send events; `*.example.com` allows example.com and every subdomain of it.',
  items: {
    type: 'string',
    maxLength: 253,
    pattern: '^(\\*\\.)?([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\\.)*[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$',
  },
} as const;

export const TrackerSitePatch = {
  type: 'object',
  minProperties: 1,
  additionalProperties: false,
  properties: {
    name: {
      type: 'string',
      minLength: 1,
      maxLength: 100,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    allowedDomains: {
      type: 'array',
      maxItems: 20,
      uniqueItems: true,
      description:
        'Host names whose pages may send events; `*.example.com` allows example.com and every subdomain of it.',
      items: {
        type: 'string',
        maxLength: 253,
        pattern:
          '^(\\*\\.)?([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\\.)*[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$',
      },
    },
    consentMode: {
      type: 'string',
      enum: ['ask', 'none'],
      description: "`ask`: the snippet records nothing until the page calls missiva('consent', true); `none`: at once.",
    },
    retentionDays: {
      type: 'integer',
      minimum: 30,
      maximum: 1825,
    },
  },
} as const;

export const TrackerEvent = {
  type: 'object',
  required: [
    'id',
    'siteId',
    'visitorId',
    'contactId',
    'type',
    'name',
    'url',
    'path',
    'referrer',
    'properties',
    'uaClass',
    'receivedAt',
  ],
  properties: {
    id: {
      type: 'integer',
    },
    siteId: {
      type: 'integer',
      minimum: 1,
      maximum: 9007199254740991,
    },
    visitorId: {
      type: 'string',
    },
    contactId: {
      type: ['integer', 'null'],
    },
    type: {
      type: 'string',
      enum: ['page_view', 'event', 'identify'],
    },
    name: {
      type: ['string', 'null'],
    },
    url: {
      type: ['string', 'null'],
    },
    path: {
      type: ['string', 'null'],
    },
    referrer: {
      type: ['string', 'null'],
    },
    properties: {
      type: 'object',
      additionalProperties: true,
    },
    uaClass: {
      type: 'string',
      enum: ['desktop', 'mobile', 'tablet', 'other'],
    },
    receivedAt: {
      type: 'string',
      format: 'date-time',
    },
  },
} as const;

export const TrackerDayCount = {
  type: 'object',
  required: ['day', 'pageViews', 'events', 'identifies'],
  properties: {
    day: {
      type: 'string',
      format: 'date',
    },
    pageViews: {
      type: 'integer',
    },
    events: {
      type: 'integer',
    },
    identifies: {
      type: 'integer',
    },
  },
} as const;

export const TrackerEventName = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'count'],
  properties: {
    name: {
      type: 'string',
    },
    count: {
      type: 'integer',
      description: 'Events of that name recorded over the window',
    },
  },
} as const;

export const ApiKeyAccess = {
  type: 'string',
  enum: ['read', 'full'],
  description: '`read`: only GET operations; `full`: every operation of the areas the key reaches.',
} as const;

export const ApiKeyArea = {
  type: 'string',
  enum: ['contacts', 'messages', 'webhooks', 'events'],
  description:
    "An area a key can be limited to: `contacts` (the contacts tag), `messages` (the messaging tag), `webhooks` (the integrations tag's webhook operations), `events` (the workflows tag: custom events).",
} as const;

export const ApiKeyInput = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'access'],
  properties: {
    name: {
      type: 'string',
      maxLength: 100,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    access: {
      type: 'string',
      enum: ['read', 'full'],
      description: '`read`: only GET operations; `full`: every operation of the areas the key reaches.',
    },
    areas: {
      description: 'The areas the key reaches; absent or null for every area.',
      type: ['array', 'null'],
      minItems: 1,
      uniqueItems: true,
      items: {
        type: 'string',
        enum: ['contacts', 'messages', 'webhooks', 'events'],
        description:
          "An area a key can be limited to: `contacts` (the contacts tag), `messages` (the messaging tag), `webhooks` (the integrations tag's webhook operations), `events` (the workflows tag: custom events).",
      },
    },
    expiresAt: {
      description: 'When the key stops working; absent or null for never. Must be in the future.',
      type: ['string', 'null'],
      format: 'date-time',
    },
  },
} as const;

export const ApiKey = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'name',
    'prefix',
    'access',
    'areas',
    'status',
    'expiresAt',
    'createdAt',
    'createdBy',
    'lastUsedAt',
    'lastUsedIp',
    'revokedAt',
  ],
  properties: {
    id: {
      type: 'integer',
      minimum: 1,
      maximum: 9007199254740991,
    },
    name: {
      type: 'string',
    },
    status: {
      type: 'string',
      enum: ['active', 'expired', 'revoked'],
      description: 'As of the answer.',
    },
    prefix: {
      type: 'string',
      description: 'The start of the secret people recognise the key by, e.g. mk_3f9a1c2b',
    },
    access: {
      type: 'string',
      enum: ['read', 'full'],
      description: '`read`: only GET operations; `full`: every operation of the areas the key reaches.',
    },
    areas: {
      type: ['array', 'null'],
      items: {
        type: 'string',
        enum: ['contacts', 'messages', 'webhooks', 'events'],
        description:
          "An area a key can be limited to: `contacts` (the contacts tag), `messages` (the messaging tag), `webhooks` (the integrations tag's webhook operations), `events` (the workflows tag: custom events).",
      },
    },
    expiresAt: {
      type: ['string', 'null'],
      format: 'date-time',
    },
    createdAt: {
      type: 'string',
      format: 'date-time',
    },
    createdBy: {
      description: 'The member who created it (the key acts with their role); null when they have left.',
      type: ['object', 'null'],
      additionalProperties: false,
      required: ['id', 'name'],
      properties: {
        id: {
          type: 'string',
          format: 'uuid',
        },
        name: {
          type: 'string',
        },
      },
    },
    lastUsedAt: {
      type: ['string', 'null'],
      format: 'date-time',
      description: 'Updated at most once a minute.',
    },
    lastUsedIp: {
      type: ['string', 'null'],
    },
    revokedAt: {
      type: ['string', 'null'],
      format: 'date-time',
    },
  },
} as const;

export const CreatedApiKey = {
  allOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: [
        'id',
        'name',
        'prefix',
        'access',
        'areas',
        'status',
        'expiresAt',
        'createdAt',
        'createdBy',
        'lastUsedAt',
        'lastUsedIp',
        'revokedAt',
      ],
      properties: {
        id: {
          type: 'integer',
          minimum: 1,
          maximum: 9007199254740991,
        },
        name: {
          type: 'string',
        },
        status: {
          type: 'string',
          enum: ['active', 'expired', 'revoked'],
          description: 'As of the answer.',
        },
        prefix: {
          type: 'string',
          description: 'The start of the secret people recognise the key by, e.g. mk_3f9a1c2b',
        },
        access: {
          type: 'string',
          enum: ['read', 'full'],
          description: '`read`: only GET operations; `full`: every operation of the areas the key reaches.',
        },
        areas: {
          type: ['array', 'null'],
          items: {
            type: 'string',
            enum: ['contacts', 'messages', 'webhooks', 'events'],
            description:
              "An area a key can be limited to: `contacts` (the contacts tag), `messages` (the messaging tag), `webhooks` (the integrations tag's webhook operations), `events` (the workflows tag: custom events).",
          },
        },
        expiresAt: {
          type: ['string', 'null'],
          format: 'date-time',
        },
        createdAt: {
          type: 'string',
          format: 'date-time',
        },
        createdBy: {
          description: 'The member who created it (the key acts with their role); null when they have left.',
          type: ['object', 'null'],
          additionalProperties: false,
          required: ['id', 'name'],
          properties: {
            id: {
              type: 'string',
              format: 'uuid',
            },
            name: {
              type: 'string',
            },
          },
        },
        lastUsedAt: {
          type: ['string', 'null'],
          format: 'date-time',
          description: 'Updated at most once a minute.',
        },
        lastUsedIp: {
          type: ['string', 'null'],
        },
        revokedAt: {
          type: ['string', 'null'],
          format: 'date-time',
        },
      },
    },
    {
      type: 'object',
      required: ['secret'],
      properties: {
        secret: {
          type: 'string',
          description: 'The whole key; shown once, kept only as a hash.',
        },
      },
    },
  ],
} as const;

export const WebhookEventType = {
  type: 'string',
  description: 'An event an endpoint can subscribe to (shared/integrations.ts WEBHOOK_EVENT_TYPES).',
  enum: [
    'message.received',
    'message.sent',
    'message.delivered',
    'message.opened',
    'message.clicked',
    'message.bounced',
    'message.complained',
    'message.unsubscribed',
    'contact.created',
    'contact.updated',
    'contact.deleted',
    'import.completed',
  ],
} as const;

export const WebhookLogEventType = {
  description:
    'The type of a delivery in the log: a subscribable event, the test event `webhook.test`, or `workflow.webhook` (a workflow\'s "call a webhook" step, posted to its endpoint only)',
  anyOf: [
    {
      type: 'string',
      description: 'An event an endpoint can subscribe to (shared/integrations.ts WEBHOOK_EVENT_TYPES).',
      enum: [
        'message.received',
        'message.sent',
        'message.delivered',
        'message.opened',
        'message.clicked',
        'message.bounced',
        'message.complained',
        'message.unsubscribed',
        'contact.created',
        'contact.updated',
        'contact.deleted',
        'import.completed',
      ],
    },
    {
      type: 'string',
      const: 'webhook.test',
    },
    {
      type: 'string',
      const: 'workflow.webhook',
    },
  ],
} as const;

export const WebhookDeliveryStatus = {
  type: 'string',
  description: 'pending: waiting for an attempt (or its retry); succeeded: a 2xx answer; failed: every retry failed',
  enum: ['pending', 'succeeded', 'failed'],
} as const;

export const WebhookEndpoint = {
  type: 'object',
  required: [
    'id',
    'url',
    'description',
    'eventTypes',
    'enabled',
    'disabledReason',
    'failingSince',
    'previousSecretUntil',
    'createdAt',
    'updatedAt',
  ],
  properties: {
    id: {
      type: 'integer',
    },
    url: {
      type: 'string',
    },
    description: {
      type: 'string',
    },
    eventTypes: {
      type: 'array',
      items: {
        type: 'string',
        description: 'An event an endpoint can subscribe to (shared/integrations.ts WEBHOOK_EVENT_TYPES).',
        enum: [
          'message.received',
          'message.sent',
          'message.delivered',
          'message.opened',
          'message.clicked',
          'message.bounced',
          'message.complained',
          'message.unsubscribed',
          'contact.created',
          'contact.updated',
          'contact.deleted',
          'import.completed',
        ],
      },
    },
    enabled: {
      type: 'boolean',
    },
    disabledReason: {
      type: ['string', 'null'],
      enum: ['manual', 'failing', null],
      description: 'Why it is disabled: by hand, or after failing for three days; null while enabled',
    },
    failingSince: {
      type: ['string', 'null'],
      format: 'date-time',
      description: 'The first failed delivery since the last success; null when the last delivery succeeded',
    },
    previousSecretUntil: {
      type: ['string', 'null'],
      format: 'date-time',
      description: 'Until when the secret before the last rotation still signs; null when none does',
    },
    createdAt: {
      type: 'string',
      format: 'date-time',
    },
    updatedAt: {
      type: 'string',
      format: 'date-time',
    },
  },
} as const;

export const WebhookEndpointInput = {
  type: 'object',
  additionalProperties: false,
  required: ['url', 'eventTypes'],
  properties: {
    url: {
      type: 'string',
      maxLength: 2048,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    description: {
      type: 'string',
      maxLength: 500,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    eventTypes: {
      type: 'array',
      maxItems: 12,
      uniqueItems: true,
      items: {
        type: 'string',
        description: 'An event an endpoint can subscribe to (shared/integrations.ts WEBHOOK_EVENT_TYPES).',
        enum: [
          'message.received',
          'message.sent',
          'message.delivered',
          'message.opened',
          'message.clicked',
          'message.bounced',
          'message.complained',
          'message.unsubscribed',
          'contact.created',
          'contact.updated',
          'contact.deleted',
          'import.completed',
        ],
      },
    },
    enabled: {
      type: 'boolean',
      default: true,
    },
  },
} as const;

export const WebhookEndpointPatch = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    url: {
      type: 'string',
      maxLength: 2048,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    description: {
      type: 'string',
      maxLength: 500,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    eventTypes: {
      type: 'array',
      maxItems: 12,
      uniqueItems: true,
      items: {
        type: 'string',
        description: 'An event an endpoint can subscribe to (shared/integrations.ts WEBHOOK_EVENT_TYPES).',
        enum: [
          'message.received',
          'message.sent',
          'message.delivered',
          'message.opened',
          'message.clicked',
          'message.bounced',
          'message.complained',
          'message.unsubscribed',
          'contact.created',
          'contact.updated',
          'contact.deleted',
          'import.completed',
        ],
      },
    },
    enabled: {
      type: 'boolean',
    },
  },
} as const;

export const WebhookSecret = {
  type: 'object',
  required: ['secret', 'previousSecret', 'previousSecretUntil'],
  properties: {
    secret: {
      type: 'string',
      description: 'The signing secret (`whsec_…`, Standard Webhooks)',
    },
    previousSecret: {
      type: ['string', 'null'],
      description: 'The secret before the last rotation while it still signs (24 hours), else null',
    },
    previousSecretUntil: {
      type: ['string', 'null'],
      format: 'date-time',
    },
  },
} as const;

export const WebhookAttempt = {
  type: 'object',
  required: [
    'attempt',
    'requestHeaders',
    'requestBody',
    'responseStatus',
    'responseBody',
    'durationMs',
    'error',
    'createdAt',
  ],
  properties: {
    attempt: {
      type: 'integer',
      description: '1 for the first attempt',
    },
    requestHeaders: {
      type: 'object',
      additionalProperties: {
        type: 'string',
      },
    },
    requestBody: {
      type: 'string',
    },
    responseStatus: {
      type: ['integer', 'null'],
    },
    responseBody: {
      type: ['string', 'null'],
      description: "The first 2 kB of the answer's body",
    },
    durationMs: {
      type: ['integer', 'null'],
    },
    error: {
      type: ['string', 'null'],
      description: 'Why the attempt failed without an answer (time-out, refused)',
    },
    createdAt: {
      type: 'string',
      format: 'date-time',
    },
  },
} as const;

export const WebhookDelivery = {
  type: 'object',
  required: [
    'id',
    'eventId',
    'eventType',
    'status',
    'attemptCount',
    'nextAttemptAt',
    'lastStatus',
    'lastError',
    'createdAt',
    'updatedAt',
    'attempts',
  ],
  properties: {
    id: {
      type: 'integer',
    },
    eventId: {
      type: 'string',
      description: 'The event id every delivery carries as `webhook-id` (deduplication)',
    },
    eventType: {
      type: 'string',
    },
    status: {
      type: 'string',
      description:
        'pending: waiting for an attempt (or its retry); succeeded: a 2xx answer; failed: every retry failed',
      enum: ['pending', 'succeeded', 'failed'],
    },
    attemptCount: {
      type: 'integer',
    },
    nextAttemptAt: {
      type: ['string', 'null'],
      format: 'date-time',
    },
    lastStatus: {
      type: ['integer', 'null'],
    },
    lastError: {
      type: ['string', 'null'],
    },
    createdAt: {
      type: 'string',
      format: 'date-time',
    },
    updatedAt: {
      type: 'string',
      format: 'date-time',
    },
    attempts: {
      type: 'array',
      description: 'Every attempt, first first',
      items: {
        type: 'object',
        required: [
          'attempt',
          'requestHeaders',
          'requestBody',
          'responseStatus',
          'responseBody',
          'durationMs',
          'error',
          'createdAt',
        ],
        properties: {
          attempt: {
            type: 'integer',
            description: '1 for the first attempt',
          },
          requestHeaders: {
            type: 'object',
            additionalProperties: {
              type: 'string',
            },
          },
          requestBody: {
            type: 'string',
          },
          responseStatus: {
            type: ['integer', 'null'],
          },
          responseBody: {
            type: ['string', 'null'],
            description: "The first 2 kB of the answer's body",
          },
          durationMs: {
            type: ['integer', 'null'],
          },
          error: {
            type: ['string', 'null'],
            description: 'Why the attempt failed without an answer (time-out, refused)',
          },
          createdAt: {
            type: 'string',
            format: 'date-time',
          },
        },
      },
    },
  },
} as const;

export const WebhookDeliveryDay = {
  type: 'object',
  required: ['day', 'succeeded', 'failed', 'pending'],
  properties: {
    day: {
      type: 'string',
      format: 'date',
    },
    succeeded: {
      type: 'integer',
    },
    failed: {
      type: 'integer',
    },
    pending: {
      type: 'integer',
    },
  },
} as const;

export const WebhookReplayInput = {
  type: 'object',
  additionalProperties: false,
  required: ['since'],
  properties: {
    since: {
      type: 'string',
      format: 'date-time',
      description: 'Failed deliveries created at or after this time',
    },
  },
} as const;

export const WebhookReplayResult = {
  type: 'object',
  required: ['count'],
  properties: {
    count: {
      type: 'integer',
    },
  },
} as const;

export const WebhookMessageData = {
  type: 'object',
  description: "A message event's data: ids to look the message and contact up with the API, and the event's detail.",
  required: ['messageId'],
  properties: {
    messageId: {
      type: 'integer',
    },
    recipientId: {
      type: 'integer',
    },
    contactId: {
      type: ['integer', 'null'],
    },
    channel: {
      type: 'string',
      enum: ['email', 'whatsapp', 'sms'],
    },
    at: {
      type: 'string',
      format: 'date-time',
    },
    url: {
      type: 'string',
      description: 'The clicked link (message.clicked).',
    },
    hard: {
      type: 'boolean',
      description: 'A permanent bounce (message.bounced).',
    },
  },
  additionalProperties: true,
} as const;

export const WebhookContactData = {
  type: 'object',
  description: "A contact event's data; personal data stays in Missiva, fetch the contact by id.",
  required: ['id'],
  properties: {
    id: {
      type: 'integer',
    },
    fields: {
      type: 'array',
      items: {
        type: 'string',
      },
      description: 'The fields a contact.updated changed.',
    },
  },
  additionalProperties: false,
} as const;

export const WebhookImportData = {
  type: 'object',
  required: ['importId', 'created', 'updated', 'skipped', 'failed'],
  properties: {
    importId: {
      type: 'integer',
    },
    created: {
      type: 'integer',
    },
    updated: {
      type: 'integer',
    },
    skipped: {
      type: 'integer',
    },
    failed: {
      type: 'integer',
    },
  },
  additionalProperties: false,
} as const;

export const WebhookEventMessageReceived = {
  type: 'object',
  description: 'An incoming message (a reply to a campaign; later WhatsApp and SMS replies).',
  required: ['type', 'timestamp', 'data'],
  properties: {
    type: {
      const: 'message.received',
    },
    timestamp: {
      type: 'string',
      format: 'date-time',
      description: 'When the event happened.',
    },
    data: {
      type: 'object',
      description:
        "A message event's data: ids to look the message and contact up with the API, and the event's detail.",
      required: ['messageId'],
      properties: {
        messageId: {
          type: 'integer',
        },
        recipientId: {
          type: 'integer',
        },
        contactId: {
          type: ['integer', 'null'],
        },
        channel: {
          type: 'string',
          enum: ['email', 'whatsapp', 'sms'],
        },
        at: {
          type: 'string',
          format: 'date-time',
        },
        url: {
          type: 'string',
          description: 'The clicked link (message.clicked).',
        },
        hard: {
          type: 'boolean',
          description: 'A permanent bounce (message.bounced).',
        },
      },
      additionalProperties: true,
    },
  },
} as const;

export const WebhookEventMessageSent = {
  type: 'object',
  description: 'A campaign message was accepted by the sending relay for one recipient.',
  required: ['type', 'timestamp', 'data'],
  properties: {
    type: {
      const: 'message.sent',
    },
    timestamp: {
      type: 'string',
      format: 'date-time',
      description: 'When the event happened.',
    },
    data: {
      type: 'object',
      description:
        "A message event's data: ids to look the message and contact up with the API, and the event's detail.",
      required: ['messageId'],
      properties: {
        messageId: {
          type: 'integer',
        },
        recipientId: {
          type: 'integer',
        },
        contactId: {
          type: ['integer', 'null'],
        },
        channel: {
          type: 'string',
          enum: ['email', 'whatsapp', 'sms'],
        },
        at: {
          type: 'string',
          format: 'date-time',
        },
        url: {
          type: 'string',
          description: 'The clicked link (message.clicked).',
        },
        hard: {
          type: 'boolean',
          description: 'A permanent bounce (message.bounced).',
        },
      },
      additionalProperties: true,
    },
  },
} as const;

export const WebhookEventMessageDelivered = {
  type: 'object',
  description: 'The provider reported the message delivered.',
  required: ['type', 'timestamp', 'data'],
  properties: {
    type: {
      const: 'message.delivered',
    },
    timestamp: {
      type: 'string',
      format: 'date-time',
      description: 'When the event happened.',
    },
    data: {
      type: 'object',
      description:
        "A message event's data: ids to look the message and contact up with the API, and the event's detail.",
      required: ['messageId'],
      properties: {
        messageId: {
          type: 'integer',
        },
        recipientId: {
          type: 'integer',
        },
        contactId: {
          type: ['integer', 'null'],
        },
        channel: {
          type: 'string',
          enum: ['email', 'whatsapp', 'sms'],
        },
        at: {
          type: 'string',
          format: 'date-time',
        },
        url: {
          type: 'string',
          description: 'The clicked link (message.clicked).',
        },
        hard: {
          type: 'boolean',
          description: 'A permanent bounce (message.bounced).',
        },
      },
      additionalProperties: true,
    },
  },
} as const;

export const WebhookEventMessageOpened = {
  type: 'object',
  description: 'The recipient opened the message (tracking pixel).',
  required: ['type', 'timestamp', 'data'],
  properties: {
    type: {
      const: 'message.opened',
    },
    timestamp: {
      type: 'string',
      format: 'date-time',
      description: 'When the event happened.',
    },
    data: {
      type: 'object',
      description:
        "A message event's data: ids to look the message and contact up with the API, and the event's detail.",
      required: ['messageId'],
      properties: {
        messageId: {
          type: 'integer',
        },
        recipientId: {
          type: 'integer',
        },
        contactId: {
          type: ['integer', 'null'],
        },
        channel: {
          type: 'string',
          enum: ['email', 'whatsapp', 'sms'],
        },
        at: {
          type: 'string',
          format: 'date-time',
        },
        url: {
          type: 'string',
          description: 'The clicked link (message.clicked).',
        },
        hard: {
          type: 'boolean',
          description: 'A permanent bounce (message.bounced).',
        },
      },
      additionalProperties: true,
    },
  },
} as const;

export const WebhookEventMessageClicked = {
  type: 'object',
  description: 'The recipient clicked a tracked link; `url` is the link.',
  required: ['type', 'timestamp', 'data'],
  properties: {
    type: {
      const: 'message.clicked',
    },
    timestamp: {
      type: 'string',
      format: 'date-time',
      description: 'When the event happened.',
    },
    data: {
      type: 'object',
      description:
        "A message event's data: ids to look the message and contact up with the API, and the event's detail.",
      required: ['messageId'],
      properties: {
        messageId: {
          type: 'integer',
        },
        recipientId: {
          type: 'integer',
        },
        contactId: {
          type: ['integer', 'null'],
        },
        channel: {
          type: 'string',
          enum: ['email', 'whatsapp', 'sms'],
        },
        at: {
          type: 'string',
          format: 'date-time',
        },
        url: {
          type: 'string',
          description: 'The clicked link (message.clicked).',
        },
        hard: {
          type: 'boolean',
          description: 'A permanent bounce (message.bounced).',
        },
      },
      additionalProperties: true,
    },
  },
} as const;

export const WebhookEventMessageBounced = {
  type: 'object',
  description: 'The message bounced; `hard` tells a permanent failure.',
  required: ['type', 'timestamp', 'data'],
  properties: {
    type: {
      const: 'message.bounced',
    },
    timestamp: {
      type: 'string',
      format: 'date-time',
      description: 'When the event happened.',
    },
    data: {
      type: 'object',
      description:
        "A message event's data: ids to look the message and contact up with the API, and the event's detail.",
      required: ['messageId'],
      properties: {
        messageId: {
          type: 'integer',
        },
        recipientId: {
          type: 'integer',
        },
        contactId: {
          type: ['integer', 'null'],
        },
        channel: {
          type: 'string',
          enum: ['email', 'whatsapp', 'sms'],
        },
        at: {
          type: 'string',
          format: 'date-time',
        },
        url: {
          type: 'string',
          description: 'The clicked link (message.clicked).',
        },
        hard: {
          type: 'boolean',
          description: 'A permanent bounce (message.bounced).',
        },
      },
      additionalProperties: true,
    },
  },
} as const;

export const WebhookEventMessageComplained = {
  type: 'object',
  description: 'The recipient reported the message as spam (feedback loop).',
  required: ['type', 'timestamp', 'data'],
  properties: {
    type: {
      const: 'message.complained',
    },
    timestamp: {
      type: 'string',
      format: 'date-time',
      description: 'When the event happened.',
    },
    data: {
      type: 'object',
      description:
        "A message event's data: ids to look the message and contact up with the API, and the event's detail.",
      required: ['messageId'],
      properties: {
        messageId: {
          type: 'integer',
        },
        recipientId: {
          type: 'integer',
        },
        contactId: {
          type: ['integer', 'null'],
        },
        channel: {
          type: 'string',
          enum: ['email', 'whatsapp', 'sms'],
        },
        at: {
          type: 'string',
          format: 'date-time',
        },
        url: {
          type: 'string',
          description: 'The clicked link (message.clicked).',
        },
        hard: {
          type: 'boolean',
          description: 'A permanent bounce (message.bounced).',
        },
      },
      additionalProperties: true,
    },
  },
} as const;

export const WebhookEventMessageUnsubscribed = {
  type: 'object',
  description: 'The recipient unsubscribed.',
  required: ['type', 'timestamp', 'data'],
  properties: {
    type: {
      const: 'message.unsubscribed',
    },
    timestamp: {
      type: 'string',
      format: 'date-time',
      description: 'When the event happened.',
    },
    data: {
      type: 'object',
      description:
        "A message event's data: ids to look the message and contact up with the API, and the event's detail.",
      required: ['messageId'],
      properties: {
        messageId: {
          type: 'integer',
        },
        recipientId: {
          type: 'integer',
        },
        contactId: {
          type: ['integer', 'null'],
        },
        channel: {
          type: 'string',
          enum: ['email', 'whatsapp', 'sms'],
        },
        at: {
          type: 'string',
          format: 'date-time',
        },
        url: {
          type: 'string',
          description: 'The clicked link (message.clicked).',
        },
        hard: {
          type: 'boolean',
          description: 'A permanent bounce (message.bounced).',
        },
      },
      additionalProperties: true,
    },
  },
} as const;

export const WebhookEventContactCreated = {
  type: 'object',
  description:
    'A contact was created one at a time. An import sends one import.completed with its counts instead of an event per row.',
  required: ['type', 'timestamp', 'data'],
  properties: {
    type: {
      const: 'contact.created',
    },
    timestamp: {
      type: 'string',
      format: 'date-time',
      description: 'When the event happened.',
    },
    data: {
      type: 'object',
      description: "A contact event's data; personal data stays in Missiva, fetch the contact by id.",
      required: ['id'],
      properties: {
        id: {
          type: 'integer',
        },
        fields: {
          type: 'array',
          items: {
            type: 'string',
          },
          description: 'The fields a contact.updated changed.',
        },
      },
      additionalProperties: false,
    },
  },
} as const;

export const WebhookEventContactUpdated = {
  type: 'object',
  description:
    'A contact was changed; `fields` names the changed fields, never their values. Imported rows send no event (see import.completed).',
  required: ['type', 'timestamp', 'data'],
  properties: {
    type: {
      const: 'contact.updated',
    },
    timestamp: {
      type: 'string',
      format: 'date-time',
      description: 'When the event happened.',
    },
    data: {
      type: 'object',
      description: "A contact event's data; personal data stays in Missiva, fetch the contact by id.",
      required: ['id'],
      properties: {
        id: {
          type: 'integer',
        },
        fields: {
          type: 'array',
          items: {
            type: 'string',
          },
          description: 'The fields a contact.updated changed.',
        },
      },
      additionalProperties: false,
    },
  },
} as const;

export const WebhookEventContactDeleted = {
  type: 'object',
  description: 'A contact was deleted, alone or in a bulk delete (one event per contact).',
  required: ['type', 'timestamp', 'data'],
  properties: {
    type: {
      const: 'contact.deleted',
    },
    timestamp: {
      type: 'string',
      format: 'date-time',
      description: 'When the event happened.',
    },
    data: {
      type: 'object',
      description: "A contact event's data; personal data stays in Missiva, fetch the contact by id.",
      required: ['id'],
      properties: {
        id: {
          type: 'integer',
        },
        fields: {
          type: 'array',
          items: {
            type: 'string',
          },
          description: 'The fields a contact.updated changed.',
        },
      },
      additionalProperties: false,
    },
  },
} as const;

export const WebhookEventImportCompleted = {
  type: 'object',
  description: 'A contacts import finished: its counts, never one event per imported row.',
  required: ['type', 'timestamp', 'data'],
  properties: {
    type: {
      const: 'import.completed',
    },
    timestamp: {
      type: 'string',
      format: 'date-time',
      description: 'When the event happened.',
    },
    data: {
      type: 'object',
      required: ['importId', 'created', 'updated', 'skipped', 'failed'],
      properties: {
        importId: {
          type: 'integer',
        },
        created: {
          type: 'integer',
        },
        updated: {
          type: 'integer',
        },
        skipped: {
          type: 'integer',
        },
        failed: {
          type: 'integer',
        },
      },
      additionalProperties: false,
    },
  },
} as const;

export const IncomingMessageRow = {
  type: 'object',
  required: [
    'id',
    'channel',
    'from',
    'to',
    'contactId',
    'contactName',
    'subject',
    'inReplyToMessageId',
    'campaign',
    'snippet',
    'receivedAt',
  ],
  properties: {
    id: {
      type: 'integer',
      minimum: 1,
      maximum: 9007199254740991,
    },
    channel: {
      type: 'string',
      description: 'A messaging channel (shared/messaging.ts CHANNELS).',
      enum: ['email', 'whatsapp', 'sms'],
    },
    from: {
      type: 'string',
      description: "The sender's address",
    },
    to: {
      type: ['string', 'null'],
      description: "The address it was sent to (a campaign's reply address)",
    },
    contactId: {
      type: ['integer', 'null'],
      description: 'The contact it came from: the recipient, or by address',
    },
    contactName: {
      type: ['string', 'null'],
      description: "The contact's name, or its email when it has none",
    },
    subject: {
      type: ['string', 'null'],
    },
    inReplyToMessageId: {
      type: ['integer', 'null'],
      description: 'The campaign (message) it answers, when its reply address names one',
    },
    campaign: {
      type: ['string', 'null'],
      description: "That campaign's name",
    },
    snippet: {
      type: 'string',
      description: 'The start of the text without quoted lines',
    },
    receivedAt: {
      type: 'string',
      format: 'date-time',
    },
  },
} as const;

export const IncomingMessage = {
  allOf: [
    {
      type: 'object',
      required: [
        'id',
        'channel',
        'from',
        'to',
        'contactId',
        'contactName',
        'subject',
        'inReplyToMessageId',
        'campaign',
        'snippet',
        'receivedAt',
      ],
      properties: {
        id: {
          type: 'integer',
          minimum: 1,
          maximum: 9007199254740991,
        },
        channel: {
          type: 'string',
          description: 'A messaging channel (shared/messaging.ts CHANNELS).',
          enum: ['email', 'whatsapp', 'sms'],
        },
        from: {
          type: 'string',
          description: "The sender's address",
        },
        to: {
          type: ['string', 'null'],
          description: "The address it was sent to (a campaign's reply address)",
        },
        contactId: {
          type: ['integer', 'null'],
          description: 'The contact it came from: the recipient, or by address',
        },
        contactName: {
          type: ['string', 'null'],
          description: "The contact's name, or its email when it has none",
        },
        subject: {
          type: ['string', 'null'],
        },
        inReplyToMessageId: {
          type: ['integer', 'null'],
          description: 'The campaign (message) it answers, when its reply address names one',
        },
        campaign: {
          type: ['string', 'null'],
          description: "That campaign's name",
        },
        snippet: {
          type: 'string',
          description: 'The start of the text without quoted lines',
        },
        receivedAt: {
          type: 'string',
          format: 'date-time',
        },
      },
    },
    {
      type: 'object',
      required: ['text'],
      properties: {
        text: {
          type: 'string',
          description: 'The body as plain text (HTML-only mail converted to text)',
        },
      },
    },
  ],
} as const;

export const ActiveSession = {
  type: 'object',
  required: ['id', 'device', 'address', 'createdAt', 'lastSeenAt', 'current'],
  properties: {
    id: {
      type: 'string',
      format: 'uuid',
    },
    device: {
      type: 'string',
      description: 'Browser and system read from the user agent, empty when unknown',
    },
    address: {
      type: ['string', 'null'],
      description: 'The IP address the session was opened from',
    },
    createdAt: {
      type: 'string',
      format: 'date-time',
    },
    lastSeenAt: {
      type: 'string',
      format: 'date-time',
    },
    current: {
      type: 'boolean',
      description: 'Whether this is the session making the request',
    },
  },
} as const;

export const UnreadCount = {
  type: 'object',
  required: ['unread'],
  properties: {
    unread: {
      type: 'integer',
      minimum: 0,
    },
  },
} as const;

export const EmailChangeRequest = {
  type: 'object',
  additionalProperties: false,
  required: ['email'],
  properties: {
    email: {
      type: 'string',
      format: 'email',
      maxLength: 254,
    },
  },
} as const;

export const EmailChangeConfirmation = {
  type: 'object',
  additionalProperties: false,
  required: ['token'],
  properties: {
    token: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
    },
  },
} as const;

export const EmailChangeConfirmed = {
  type: 'object',
  required: ['email'],
  properties: {
    email: {
      type: 'string',
      format: 'email',
    },
  },
} as const;

export const TeamRole = {
  type: 'string',
  enum: ['owner', 'admin', 'editor', 'viewer'],
  description: "A member's role (shared/permissions.ts ROLES).",
} as const;

export const AssignableRole = {
  type: 'string',
  enum: ['admin', 'editor', 'viewer'],
  description: 'A role an invitation or a role change may give; ownership moves only by a transfer.',
} as const;

export const TeamMember = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'email', 'firstName', 'lastName', 'role', 'twoFactorEnabled', 'lastActiveAt', 'createdAt'],
  properties: {
    id: {
      type: 'string',
      format: 'uuid',
    },
    email: {
      type: 'string',
    },
    firstName: {
      type: 'string',
    },
    lastName: {
      type: 'string',
    },
    role: {
      type: 'string',
      enum: ['owner', 'admin', 'editor', 'viewer'],
      description: "A member's role (shared/permissions.ts ROLES).",
    },
    twoFactorEnabled: {
      type: 'boolean',
    },
    lastActiveAt: {
      type: ['string', 'null'],
      format: 'date-time',
      description: 'When one of their sessions was last seen (signed in or refreshed); null when never.',
    },
    createdAt: {
      type: 'string',
      format: 'date-time',
    },
  },
} as const;

export const MemberRoleInput = {
  type: 'object',
  additionalProperties: false,
  required: ['role'],
  properties: {
    role: {
      type: 'string',
      enum: ['admin', 'editor', 'viewer'],
      description: 'A role an invitation or a role change may give; ownership moves only by a transfer.',
    },
  },
} as const;

export const InvitationInput = {
  type: 'object',
  additionalProperties: false,
  required: ['email', 'role'],
  properties: {
    email: {
      type: 'string',
      format: 'email',
      minLength: 5,
      maxLength: 254,
    },
    role: {
      type: 'string',
      enum: ['admin', 'editor', 'viewer'],
      description: 'A role an invitation or a role change may give; ownership moves only by a transfer.',
    },
  },
} as const;

export const Invitation = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'email', 'role', 'status', 'invitedBy', 'sentAt', 'expiresAt', 'createdAt'],
  properties: {
    id: {
      type: 'integer',
      minimum: 1,
      maximum: 9007199254740991,
    },
    email: {
      type: 'string',
    },
    role: {
      type: 'string',
      enum: ['admin', 'editor', 'viewer'],
      description: 'A role an invitation or a role change may give; ownership moves only by a transfer.',
    },
    status: {
      type: 'string',
      enum: ['pending', 'expired'],
      description: 'As of the answer.',
    },
    invitedBy: {
      description: 'The member who invited; null when they have left.',
      type: ['object', 'null'],
      additionalProperties: false,
      required: ['id', 'name'],
      properties: {
        id: {
          type: 'string',
          format: 'uuid',
        },
        name: {
          type: 'string',
        },
      },
    },
    sentAt: {
      type: 'string',
      format: 'date-time',
    },
    expiresAt: {
      type: 'string',
      format: 'date-time',
    },
    createdAt: {
      type: 'string',
      format: 'date-time',
    },
  },
} as const;

export const InvitationToken = {
  type: 'string',
  minLength: 20,
  maxLength: 300,
  pattern: '^[A-Za-z0-9._-]+$',
} as const;

export const InvitationPreview = {
  type: 'object',
  additionalProperties: false,
  required: ['companyName', 'email', 'role', 'language', 'expiresAt'],
  properties: {
    companyName: {
      type: 'string',
    },
    inviterName: {
      type: ['string', 'null'],
      description: 'Who sent the invitation (first and last name); null or absent when that member has since left',
    },
    email: {
      type: 'string',
    },
    role: {
      type: 'string',
      enum: ['admin', 'editor', 'viewer'],
      description: 'A role an invitation or a role change may give; ownership moves only by a transfer.',
    },
    language: {
      type: 'string',
    },
    expiresAt: {
      type: 'string',
      format: 'date-time',
    },
  },
} as const;

export const AuditEventName = {
  type: 'string',
  description: 'An audit event, the one list of them (shared/audit.ts reads it as AUDIT_EVENTS).',
  enum: [
    'login.succeeded',
    'login.failed',
    'login.2fa_failed',
    'account.locked',
    'session.reuse_detected',
    'session.revoked',
    'password.changed',
    'password.reset_requested',
    'password.reset',
    'email.change_requested',
    'email.changed',
    '2fa.enabled',
    '2fa.disabled',
    '2fa.recovery_codes_regenerated',
    'invitation.sent',
    'invitation.resent',
    'invitation.revoked',
    'invitation.accepted',
    'member.role_changed',
    'member.removed',
    'ownership.transferred',
    'apikey.created',
    'apikey.revoked',
    'webhook.created',
    'webhook.updated',
    'webhook.deleted',
    'webhook.secret_rotated',
    'contacts.exported',
    'credits.granted',
    'plan.changed',
    'billing.settings_changed',
  ],
} as const;

export const AuditEntry = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'event', 'user', 'ip', 'details', 'createdAt'],
  properties: {
    id: {
      type: 'integer',
      minimum: 1,
      maximum: 9007199254740991,
    },
    event: {
      type: 'string',
      description: 'An audit event, the one list of them (shared/audit.ts reads it as AUDIT_EVENTS).',
      enum: [
        'login.succeeded',
        'login.failed',
        'login.2fa_failed',
        'account.locked',
        'session.reuse_detected',
        'session.revoked',
        'password.changed',
        'password.reset_requested',
        'password.reset',
        'email.change_requested',
        'email.changed',
        '2fa.enabled',
        '2fa.disabled',
        '2fa.recovery_codes_regenerated',
        'invitation.sent',
        'invitation.resent',
        'invitation.revoked',
        'invitation.accepted',
        'member.role_changed',
        'member.removed',
        'ownership.transferred',
        'apikey.created',
        'apikey.revoked',
        'webhook.created',
        'webhook.updated',
        'webhook.deleted',
        'webhook.secret_rotated',
        'contacts.exported',
        'credits.granted',
        'plan.changed',
        'billing.settings_changed',
      ],
    },
    user: {
      description: 'Who did it; null for the system or a member who has left.',
      type: ['object', 'null'],
      additionalProperties: false,
      required: ['id', 'name', 'email'],
      properties: {
        id: {
          type: 'string',
          format: 'uuid',
        },
        name: {
          type: 'string',
        },
        email: {
          type: 'string',
        },
      },
    },
    ip: {
      type: ['string', 'null'],
      description: 'The client address the request came from.',
    },
    details: {
      type: 'object',
      additionalProperties: true,
      description: 'What the event concerns; never a secret.',
    },
    createdAt: {
      type: 'string',
      format: 'date-time',
    },
  },
} as const;

export const PlanLimits = {
  type: 'object',
  additionalProperties: false,
  required: ['contacts', 'seats', 'sends'],
  description: 'null is unlimited; sends count the messages of the calendar month (UTC).',
  properties: {
    contacts: {
      type: ['integer', 'null'],
      minimum: 0,
      maximum: 2147483647,
    },
    seats: {
      type: ['integer', 'null'],
      minimum: 0,
      maximum: 2147483647,
    },
    sends: {
      type: ['integer', 'null'],
      minimum: 0,
      maximum: 2147483647,
    },
  },
} as const;

export const ChannelBalance = {
  type: 'object',
  required: ['channel', 'balance', 'pricePerMessage', 'lowBalanceThreshold'],
  properties: {
    channel: {
      type: 'string',
      description: 'A messaging channel (shared/messaging.ts CHANNELS).',
      enum: ['email', 'whatsapp', 'sms'],
    },
    balance: {
      type: 'integer',
    },
    pricePerMessage: {
      type: 'integer',
    },
    lowBalanceThreshold: {
      type: 'integer',
    },
  },
} as const;

export const BillingOverview = {
  type: 'object',
  required: ['enabled', 'plan', 'usage', 'channels'],
  properties: {
    enabled: {
      type: 'boolean',
      description: 'false with BILLING=off: no balances, no limits',
    },
    plan: {
      type: 'object',
      required: ['name', 'limits'],
      properties: {
        name: {
          type: 'string',
        },
        limits: {
          type: 'object',
          additionalProperties: false,
          required: ['contacts', 'seats', 'sends'],
          description: 'null is unlimited; sends count the messages of the calendar month (UTC).',
          properties: {
            contacts: {
              type: ['integer', 'null'],
              minimum: 0,
              maximum: 2147483647,
            },
            seats: {
              type: ['integer', 'null'],
              minimum: 0,
              maximum: 2147483647,
            },
            sends: {
              type: ['integer', 'null'],
              minimum: 0,
              maximum: 2147483647,
            },
          },
        },
      },
    },
    usage: {
      type: 'object',
      required: ['contacts', 'seats', 'sends'],
      properties: {
        contacts: {
          type: 'integer',
        },
        seats: {
          type: 'integer',
        },
        sends: {
          type: 'integer',
        },
      },
    },
    channels: {
      type: 'array',
      items: {
        type: 'object',
        required: ['channel', 'balance', 'pricePerMessage', 'lowBalanceThreshold'],
        properties: {
          channel: {
            type: 'string',
            description: 'A messaging channel (shared/messaging.ts CHANNELS).',
            enum: ['email', 'whatsapp', 'sms'],
          },
          balance: {
            type: 'integer',
          },
          pricePerMessage: {
            type: 'integer',
          },
          lowBalanceThreshold: {
            type: 'integer',
          },
        },
      },
    },
  },
} as const;

export const CreditLedgerEntry = {
  type: 'object',
  required: ['id', 'channel', 'kind', 'amount', 'balanceAfter', 'messageId', 'quantity', 'reason', 'createdAt'],
  properties: {
    id: {
      type: 'integer',
    },
    channel: {
      type: 'string',
      description: 'A messaging channel (shared/messaging.ts CHANNELS).',
      enum: ['email', 'whatsapp', 'sms'],
    },
    kind: {
      type: 'string',
      enum: ['send', 'test_send', 'top_up', 'grant', 'refund'],
    },
    amount: {
      type: 'integer',
      description: 'negative for debits',
    },
    balanceAfter: {
      type: ['integer', 'null'],
    },
    messageId: {
      type: ['integer', 'null'],
    },
    quantity: {
      type: ['integer', 'null'],
    },
    reason: {
      type: ['string', 'null'],
    },
    createdAt: {
      type: 'string',
      format: 'date-time',
    },
  },
} as const;

export const OperatorGrant = {
  type: 'object',
  additionalProperties: false,
  required: ['channel', 'amount'],
  properties: {
    channel: {
      type: 'string',
      description: 'A messaging channel (shared/messaging.ts CHANNELS).',
      enum: ['email', 'whatsapp', 'sms'],
    },
    amount: {
      type: 'integer',
      minimum: 1,
      maximum: 100000000,
    },
    reason: {
      type: 'string',
      maxLength: 500,
    },
  },
} as const;

export const OperatorPlan = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: {
      type: 'string',
      minLength: 1,
      maxLength: 100,
    },
    contacts: {
      type: ['integer', 'null'],
      minimum: 0,
      maximum: 2147483647,
    },
    seats: {
      type: ['integer', 'null'],
      minimum: 0,
      maximum: 2147483647,
    },
    sends: {
      type: ['integer', 'null'],
      minimum: 0,
      maximum: 2147483647,
    },
  },
} as const;

export const WorkflowStatus = {
  type: 'string',
  enum: ['draft', 'active', 'paused', 'archived'],
} as const;

export const WorkflowNode = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'kind', 'position', 'config'],
  properties: {
    id: {
      type: 'string',
      pattern: '^[A-Za-z0-9_-]{1,40}$',
    },
    kind: {
      type: 'string',
      enum: [
        'trigger',
        'sendEmail',
        'wait',
        'branch',
        'split',
        'updateAttribute',
        'addToList',
        'removeFromList',
        'webhook',
        'notify',
        'exit',
      ],
    },
    position: {
      type: 'object',
      additionalProperties: false,
      required: ['x', 'y'],
      properties: {
        x: {
          type: 'number',
          minimum: -100000,
          maximum: 100000,
        },
        y: {
          type: 'number',
          minimum: -100000,
          maximum: 100000,
        },
      },
    },
    config: {
      type: 'object',
      additionalProperties: true,
    },
  },
} as const;

export const WorkflowEdge = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'source', 'handle', 'target'],
  properties: {
    id: {
      type: 'string',
      maxLength: 200,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    source: {
      type: 'string',
      maxLength: 40,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    handle: {
      type: 'string',
      maxLength: 40,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    target: {
      type: 'string',
      maxLength: 40,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
  },
} as const;

export const WorkflowGraph = {
  type: 'object',
  additionalProperties: false,
  required: ['nodes', 'edges'],
  properties: {
    nodes: {
      type: 'array',
      maxItems: 200,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'kind', 'position', 'config'],
        properties: {
          id: {
            type: 'string',
            pattern: '^[A-Za-z0-9_-]{1,40}$',
          },
          kind: {
            type: 'string',
            enum: [
              'trigger',
              'sendEmail',
              'wait',
              'branch',
              'split',
              'updateAttribute',
              'addToList',
              'removeFromList',
              'webhook',
              'notify',
              'exit',
            ],
          },
          position: {
            type: 'object',
            additionalProperties: false,
            required: ['x', 'y'],
            properties: {
              x: {
                type: 'number',
                minimum: -100000,
                maximum: 100000,
              },
              y: {
                type: 'number',
                minimum: -100000,
                maximum: 100000,
              },
            },
          },
          config: {
            type: 'object',
            additionalProperties: true,
          },
        },
      },
    },
    edges: {
      type: 'array',
      maxItems: 400,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'source', 'handle', 'target'],
        properties: {
          id: {
            type: 'string',
            maxLength: 200,
            pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
          },
          source: {
            type: 'string',
            maxLength: 40,
            pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
          },
          handle: {
            type: 'string',
            maxLength: 40,
            pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
          },
          target: {
            type: 'string',
            maxLength: 40,
            pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
          },
        },
      },
    },
  },
} as const;

export const WorkflowRow = {
  type: 'object',
  required: ['id', 'name', 'status', 'trigger', 'inProgress', 'finished', 'updatedAt'],
  properties: {
    id: {
      type: 'integer',
      minimum: 1,
      maximum: 9007199254740991,
    },
    name: {
      type: 'string',
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    status: {
      type: 'string',
      enum: ['draft', 'active', 'paused', 'archived'],
    },
    trigger: {
      type: ['string', 'null'],
    },
    inProgress: {
      type: 'integer',
    },
    finished: {
      type: 'integer',
    },
    updatedAt: {
      type: 'string',
      format: 'date-time',
    },
  },
} as const;

export const WorkflowCreate = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: {
      type: 'string',
      minLength: 1,
      maxLength: 100,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    template: {
      type: ['string', 'null'],
      enum: ['welcomeSeries', 'birthday', 'reEngagement', 'abandonedCart', null],
    },
  },
} as const;

export const WorkflowSave = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'graph'],
  properties: {
    name: {
      type: 'string',
      minLength: 1,
      maxLength: 100,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    graph: {
      type: 'object',
      additionalProperties: false,
      required: ['nodes', 'edges'],
      properties: {
        nodes: {
          type: 'array',
          maxItems: 200,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['id', 'kind', 'position', 'config'],
            properties: {
              id: {
                type: 'string',
                pattern: '^[A-Za-z0-9_-]{1,40}$',
              },
              kind: {
                type: 'string',
                enum: [
                  'trigger',
                  'sendEmail',
                  'wait',
                  'branch',
                  'split',
                  'updateAttribute',
                  'addToList',
                  'removeFromList',
                  'webhook',
                  'notify',
                  'exit',
                ],
              },
              position: {
                type: 'object',
                additionalProperties: false,
                required: ['x', 'y'],
                properties: {
                  x: {
                    type: 'number',
                    minimum: -100000,
                    maximum: 100000,
                  },
                  y: {
                    type: 'number',
                    minimum: -100000,
                    maximum: 100000,
                  },
                },
              },
              config: {
                type: 'object',
                additionalProperties: true,
              },
            },
          },
        },
        edges: {
          type: 'array',
          maxItems: 400,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['id', 'source', 'handle', 'target'],
            properties: {
              id: {
                type: 'string',
                maxLength: 200,
                pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
              },
              source: {
                type: 'string',
                maxLength: 40,
                pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
              },
              handle: {
                type: 'string',
                maxLength: 40,
                pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
              },
              target: {
                type: 'string',
                maxLength: 40,
                pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
              },
            },
          },
        },
      },
    },
    reentry: {
      description:
        'Whether a contact enrols again: never (once ever), afterFinish (default; not while a run of theirs is in progress), always (a new run on every trigger).',
      type: 'string',
      enum: ['never', 'afterFinish', 'always'],
    },
    goal: {
      description: "The workflow's goal; absent keeps the saved one, null removes it",
      oneOf: [
        {
          description:
            'A goal: a contact whose profile meets these conditions (the segment condition builder\'s) has reached it, and their run ends as "exited" with the reason "goal", wherever it is, waiting included.',
          type: 'object',
          additionalProperties: false,
          required: ['conditions'],
          properties: {
            conditions: {
              type: 'object',
              description:
                'Conditions and nested groups, all of which (and) or any of which (or) must hold. An empty and-group matches every contact.',
              additionalProperties: false,
              required: ['kind', 'operator', 'conditions'],
              properties: {
                kind: {
                  type: 'string',
                  enum: ['group'],
                },
                operator: {
                  type: 'string',
                  enum: ['and', 'or'],
                },
                conditions: {
                  type: 'array',
                  maxItems: 50,
                  items: {
                    type: 'object',
                    oneOf: [
                      {
                        $ref: '#/components/schemas/SegmentGroup',
                      },
                      {
                        type: 'object',
                        additionalProperties: false,
                        required: ['kind', 'field', 'operator'],
                        properties: {
                          kind: {
                            type: 'string',
                            enum: ['field'],
                          },
                          field: {
                            type: 'string',
                            enum: [
                              'email',
                              'firstName',
                              'lastName',
                              'phonePrefix',
                              'phoneNumber',
                              'country',
                              'language',
                              'address',
                              'createdAt',
                            ],
                          },
                          operator: {
                            type: 'string',
                            description:
                              'Text: equals, notEquals, contains, startsWith, in, isEmpty, isNotEmpty (case-insensitive). Number: equals, notEquals, greaterThan, lessThan, between, isEmpty, isNotEmpty. Date: equals, before, after, between, isEmpty, isNotEmpty. Boolean: equals, isEmpty, isNotEmpty. Category: equals, notEquals, in, isEmpty, isNotEmpty. An empty value matches notEquals and nothing else but isEmpty.',
                            enum: [
                              'equals',
                              'notEquals',
                              'contains',
                              'startsWith',
                              'greaterThan',
                              'lessThan',
                              'before',
                              'after',
                              'between',
                              'in',
                              'isEmpty',
                              'isNotEmpty',
                            ],
                          },
                          value: {
                            type: ['string', 'number', 'boolean'],
                            pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                          },
                          values: {
                            type: 'array',
                            description: 'Two bounds for between (inclusive), one or more choices for in',
                            minItems: 1,
                            maxItems: 100,
                            items: {
                              type: ['string', 'number'],
                              pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                            },
                          },
                        },
                      },
                      {
                        type: 'object',
                        additionalProperties: false,
                        required: ['kind', 'attributeId', 'operator'],
                        properties: {
                          kind: {
                            type: 'string',
                            enum: ['attribute'],
                          },
                          attributeId: {
                            type: 'integer',
                            minimum: 1,
                            maximum: 9007199254740991,
                          },
                          operator: {
                            type: 'string',
                            description:
                              'Text: equals, notEquals, contains, startsWith, in, isEmpty, isNotEmpty (case-insensitive). Number: equals, notEquals, greaterThan, lessThan, between, isEmpty, isNotEmpty. Date: equals, before, after, between, isEmpty, isNotEmpty. Boolean: equals, isEmpty, isNotEmpty. Category: equals, notEquals, in, isEmpty, isNotEmpty. An empty value matches notEquals and nothing else but isEmpty.',
                            enum: [
                              'equals',
                              'notEquals',
                              'contains',
                              'startsWith',
                              'greaterThan',
                              'lessThan',
                              'before',
                              'after',
                              'between',
                              'in',
                              'isEmpty',
                              'isNotEmpty',
                            ],
                          },
                          value: {
                            type: ['string', 'number', 'boolean'],
                            pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                          },
                          values: {
                            type: 'array',
                            description: 'Two bounds for between (inclusive), one or more choices for in',
                            minItems: 1,
                            maxItems: 100,
                            items: {
                              type: ['string', 'number'],
                              pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                            },
                          },
                        },
                      },
                      {
                        type: 'object',
                        additionalProperties: false,
                        required: ['kind', 'operator', 'listId'],
                        properties: {
                          kind: {
                            type: 'string',
                            enum: ['list'],
                          },
                          operator: {
                            type: 'string',
                            enum: ['in', 'notIn'],
                          },
                          listId: {
                            type: 'integer',
                            minimum: 1,
                            maximum: 9007199254740991,
                          },
                        },
                      },
                      {
                        type: 'object',
                        additionalProperties: false,
                        required: ['kind', 'operator'],
                        properties: {
                          kind: {
                            type: 'string',
                            enum: ['blocklist'],
                          },
                          operator: {
                            type: 'string',
                            enum: ['is', 'isNot'],
                          },
                        },
                      },
                    ],
                    discriminator: {
                      propertyName: 'kind',
                      mapping: {
                        group: '#/components/schemas/SegmentGroup',
                        field: '#/components/schemas/SegmentFieldCondition',
                        attribute: '#/components/schemas/SegmentAttributeCondition',
                        list: '#/components/schemas/SegmentListCondition',
                        blocklist: '#/components/schemas/SegmentBlocklistCondition',
                      },
                    },
                  },
                },
              },
            },
          },
        },
        {
          type: 'null',
        },
      ],
    },
  },
} as const;

export const WorkflowGoal = {
  description:
    'A goal: a contact whose profile meets these conditions (the segment condition builder\'s) has reached it, and their run ends as "exited" with the reason "goal", wherever it is, waiting included.',
  type: 'object',
  additionalProperties: false,
  required: ['conditions'],
  properties: {
    conditions: {
      type: 'object',
      description:
        'Conditions and nested groups, all of which (and) or any of which (or) must hold. An empty and-group matches every contact.',
      additionalProperties: false,
      required: ['kind', 'operator', 'conditions'],
      properties: {
        kind: {
          type: 'string',
          enum: ['group'],
        },
        operator: {
          type: 'string',
          enum: ['and', 'or'],
        },
        conditions: {
          type: 'array',
          maxItems: 50,
          items: {
            type: 'object',
            oneOf: [
              {
                $ref: '#/components/schemas/SegmentGroup',
              },
              {
                type: 'object',
                additionalProperties: false,
                required: ['kind', 'field', 'operator'],
                properties: {
                  kind: {
                    type: 'string',
                    enum: ['field'],
                  },
                  field: {
                    type: 'string',
                    enum: [
                      'email',
                      'firstName',
                      'lastName',
                      'phonePrefix',
                      'phoneNumber',
                      'country',
                      'language',
                      'address',
                      'createdAt',
                    ],
                  },
                  operator: {
                    type: 'string',
                    description:
                      'Text: equals, notEquals, contains, startsWith, in, isEmpty, isNotEmpty (case-insensitive). Number: equals, notEquals, greaterThan, lessThan, between, isEmpty, isNotEmpty. Date: equals, before, after, between, isEmpty, isNotEmpty. Boolean: equals, isEmpty, isNotEmpty. Category: equals, notEquals, in, isEmpty, isNotEmpty. An empty value matches notEquals and nothing else but isEmpty.',
                    enum: [
                      'equals',
                      'notEquals',
                      'contains',
                      'startsWith',
                      'greaterThan',
                      'lessThan',
                      'before',
                      'after',
                      'between',
                      'in',
                      'isEmpty',
                      'isNotEmpty',
                    ],
                  },
                  value: {
                    type: ['string', 'number', 'boolean'],
                    pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                  },
                  values: {
                    type: 'array',
                    description: 'Two bounds for between (inclusive), one or more choices for in',
                    minItems: 1,
                    maxItems: 100,
                    items: {
                      type: ['string', 'number'],
                      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                    },
                  },
                },
              },
              {
                type: 'object',
                additionalProperties: false,
                required: ['kind', 'attributeId', 'operator'],
                properties: {
                  kind: {
                    type: 'string',
                    enum: ['attribute'],
                  },
                  attributeId: {
                    type: 'integer',
                    minimum: 1,
                    maximum: 9007199254740991,
                  },
                  operator: {
                    type: 'string',
                    description:
                      'Text: equals, notEquals, contains, startsWith, in, isEmpty, isNotEmpty (case-insensitive). Number: equals, notEquals, greaterThan, lessThan, between, isEmpty, isNotEmpty. Date: equals, before, after, between, isEmpty, isNotEmpty. Boolean: equals, isEmpty, isNotEmpty. Category: equals, notEquals, in, isEmpty, isNotEmpty. An empty value matches notEquals and nothing else but isEmpty.',
                    enum: [
                      'equals',
                      'notEquals',
                      'contains',
                      'startsWith',
                      'greaterThan',
                      'lessThan',
                      'before',
                      'after',
                      'between',
                      'in',
                      'isEmpty',
                      'isNotEmpty',
                    ],
                  },
                  value: {
                    type: ['string', 'number', 'boolean'],
                    pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                  },
                  values: {
                    type: 'array',
                    description: 'Two bounds for between (inclusive), one or more choices for in',
                    minItems: 1,
                    maxItems: 100,
                    items: {
                      type: ['string', 'number'],
                      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                    },
                  },
                },
              },
              {
                type: 'object',
                additionalProperties: false,
                required: ['kind', 'operator', 'listId'],
                properties: {
                  kind: {
                    type: 'string',
                    enum: ['list'],
                  },
                  operator: {
                    type: 'string',
                    enum: ['in', 'notIn'],
                  },
                  listId: {
                    type: 'integer',
                    minimum: 1,
                    maximum: 9007199254740991,
                  },
                },
              },
              {
                type: 'object',
                additionalProperties: false,
                required: ['kind', 'operator'],
                properties: {
                  kind: {
                    type: 'string',
                    enum: ['blocklist'],
                  },
                  operator: {
                    type: 'string',
                    enum: ['is', 'isNot'],
                  },
                },
              },
            ],
            discriminator: {
              propertyName: 'kind',
              mapping: {
                group: '#/components/schemas/SegmentGroup',
                field: '#/components/schemas/SegmentFieldCondition',
                attribute: '#/components/schemas/SegmentAttributeCondition',
                list: '#/components/schemas/SegmentListCondition',
                blocklist: '#/components/schemas/SegmentBlocklistCondition',
              },
            },
          },
        },
      },
    },
  },
} as const;

export const WorkflowReentry = {
  description:
    'Whether a contact enrols again: never (once ever), afterFinish (default; not while a run of theirs is in progress), always (a new run on every trigger).',
  type: 'string',
  enum: ['never', 'afterFinish', 'always'],
} as const;

export const WorkflowStatusChange = {
  type: 'object',
  additionalProperties: false,
  required: ['status'],
  properties: {
    status: {
      type: 'string',
      enum: ['active', 'paused', 'archived'],
    },
  },
} as const;

export const NodeCounts = {
  type: 'object',
  required: ['entered', 'waiting', 'passed', 'failed'],
  properties: {
    entered: {
      type: 'integer',
    },
    waiting: {
      type: 'integer',
    },
    passed: {
      type: 'integer',
    },
    failed: {
      type: 'integer',
    },
  },
} as const;

export const WorkflowCounts = {
  type: 'object',
  additionalProperties: {
    type: 'object',
    required: ['entered', 'waiting', 'passed', 'failed'],
    properties: {
      entered: {
        type: 'integer',
      },
      waiting: {
        type: 'integer',
      },
      passed: {
        type: 'integer',
      },
      failed: {
        type: 'integer',
      },
    },
  },
} as const;

export const WorkflowDetail = {
  type: 'object',
  required: ['id', 'name', 'status', 'graph', 'reentry', 'goal', 'counts', 'options'],
  properties: {
    id: {
      type: 'integer',
      minimum: 1,
      maximum: 9007199254740991,
    },
    name: {
      type: 'string',
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    status: {
      type: 'string',
      enum: ['draft', 'active', 'paused', 'archived'],
    },
    graph: {
      type: 'object',
      additionalProperties: false,
      required: ['nodes', 'edges'],
      properties: {
        nodes: {
          type: 'array',
          maxItems: 200,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['id', 'kind', 'position', 'config'],
            properties: {
              id: {
                type: 'string',
                pattern: '^[A-Za-z0-9_-]{1,40}$',
              },
              kind: {
                type: 'string',
                enum: [
                  'trigger',
                  'sendEmail',
                  'wait',
                  'branch',
                  'split',
                  'updateAttribute',
                  'addToList',
                  'removeFromList',
                  'webhook',
                  'notify',
                  'exit',
                ],
              },
              position: {
                type: 'object',
                additionalProperties: false,
                required: ['x', 'y'],
                properties: {
                  x: {
                    type: 'number',
                    minimum: -100000,
                    maximum: 100000,
                  },
                  y: {
                    type: 'number',
                    minimum: -100000,
                    maximum: 100000,
                  },
                },
              },
              config: {
                type: 'object',
                additionalProperties: true,
              },
            },
          },
        },
        edges: {
          type: 'array',
          maxItems: 400,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['id', 'source', 'handle', 'target'],
            properties: {
              id: {
                type: 'string',
                maxLength: 200,
                pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
              },
              source: {
                type: 'string',
                maxLength: 40,
                pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
              },
              handle: {
                type: 'string',
                maxLength: 40,
                pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
              },
              target: {
                type: 'string',
                maxLength: 40,
                pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
              },
            },
          },
        },
      },
    },
    reentry: {
      description:
        'Whether a contact enrols again: never (once ever), afterFinish (default; not while a run of theirs is in progress), always (a new run on every trigger).',
      type: 'string',
      enum: ['never', 'afterFinish', 'always'],
    },
    goal: {
      oneOf: [
        {
          description:
            'A goal: a contact whose profile meets these conditions (the segment condition builder\'s) has reached it, and their run ends as "exited" with the reason "goal", wherever it is, waiting included.',
          type: 'object',
          additionalProperties: false,
          required: ['conditions'],
          properties: {
            conditions: {
              type: 'object',
              description:
                'Conditions and nested groups, all of which (and) or any of which (or) must hold. An empty and-group matches every contact.',
              additionalProperties: false,
              required: ['kind', 'operator', 'conditions'],
              properties: {
                kind: {
                  type: 'string',
                  enum: ['group'],
                },
                operator: {
                  type: 'string',
                  enum: ['and', 'or'],
                },
                conditions: {
                  type: 'array',
                  maxItems: 50,
                  items: {
                    type: 'object',
                    oneOf: [
                      {
                        $ref: '#/components/schemas/SegmentGroup',
                      },
                      {
                        type: 'object',
                        additionalProperties: false,
                        required: ['kind', 'field', 'operator'],
                        properties: {
                          kind: {
                            type: 'string',
                            enum: ['field'],
                          },
                          field: {
                            type: 'string',
                            enum: [
                              'email',
                              'firstName',
                              'lastName',
                              'phonePrefix',
                              'phoneNumber',
                              'country',
                              'language',
                              'address',
                              'createdAt',
                            ],
                          },
                          operator: {
                            type: 'string',
                            description:
                              'Text: equals, notEquals, contains, startsWith, in, isEmpty, isNotEmpty (case-insensitive). Number: equals, notEquals, greaterThan, lessThan, between, isEmpty, isNotEmpty. Date: equals, before, after, between, isEmpty, isNotEmpty. Boolean: equals, isEmpty, isNotEmpty. Category: equals, notEquals, in, isEmpty, isNotEmpty. An empty value matches notEquals and nothing else but isEmpty.',
                            enum: [
                              'equals',
                              'notEquals',
                              'contains',
                              'startsWith',
                              'greaterThan',
                              'lessThan',
                              'before',
                              'after',
                              'between',
                              'in',
                              'isEmpty',
                              'isNotEmpty',
                            ],
                          },
                          value: {
                            type: ['string', 'number', 'boolean'],
                            pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                          },
                          values: {
                            type: 'array',
                            description: 'Two bounds for between (inclusive), one or more choices for in',
                            minItems: 1,
                            maxItems: 100,
                            items: {
                              type: ['string', 'number'],
                              pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                            },
                          },
                        },
                      },
                      {
                        type: 'object',
                        additionalProperties: false,
                        required: ['kind', 'attributeId', 'operator'],
                        properties: {
                          kind: {
                            type: 'string',
                            enum: ['attribute'],
                          },
                          attributeId: {
                            type: 'integer',
                            minimum: 1,
                            maximum: 9007199254740991,
                          },
                          operator: {
                            type: 'string',
                            description:
                              'Text: equals, notEquals, contains, startsWith, in, isEmpty, isNotEmpty (case-insensitive). Number: equals, notEquals, greaterThan, lessThan, between, isEmpty, isNotEmpty. Date: equals, before, after, between, isEmpty, isNotEmpty. Boolean: equals, isEmpty, isNotEmpty. Category: equals, notEquals, in, isEmpty, isNotEmpty. An empty value matches notEquals and nothing else but isEmpty.',
                            enum: [
                              'equals',
                              'notEquals',
                              'contains',
                              'startsWith',
                              'greaterThan',
                              'lessThan',
                              'before',
                              'after',
                              'between',
                              'in',
                              'isEmpty',
                              'isNotEmpty',
                            ],
                          },
                          value: {
                            type: ['string', 'number', 'boolean'],
                            pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                          },
                          values: {
                            type: 'array',
                            description: 'Two bounds for between (inclusive), one or more choices for in',
                            minItems: 1,
                            maxItems: 100,
                            items: {
                              type: ['string', 'number'],
                              pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                            },
                          },
                        },
                      },
                      {
                        type: 'object',
                        additionalProperties: false,
                        required: ['kind', 'operator', 'listId'],
                        properties: {
                          kind: {
                            type: 'string',
                            enum: ['list'],
                          },
                          operator: {
                            type: 'string',
                            enum: ['in', 'notIn'],
                          },
                          listId: {
                            type: 'integer',
                            minimum: 1,
                            maximum: 9007199254740991,
                          },
                        },
                      },
                      {
                        type: 'object',
                        additionalProperties: false,
                        required: ['kind', 'operator'],
                        properties: {
                          kind: {
                            type: 'string',
                            enum: ['blocklist'],
                          },
                          operator: {
                            type: 'string',
                            enum: ['is', 'isNot'],
                          },
                        },
                      },
                    ],
                    discriminator: {
                      propertyName: 'kind',
                      mapping: {
                        group: '#/components/schemas/SegmentGroup',
                        field: '#/components/schemas/SegmentFieldCondition',
                        attribute: '#/components/schemas/SegmentAttributeCondition',
                        list: '#/components/schemas/SegmentListCondition',
                        blocklist: '#/components/schemas/SegmentBlocklistCondition',
                      },
                    },
                  },
                },
              },
            },
          },
        },
        {
          type: 'null',
        },
      ],
    },
    counts: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        required: ['entered', 'waiting', 'passed', 'failed'],
        properties: {
          entered: {
            type: 'integer',
          },
          waiting: {
            type: 'integer',
          },
          passed: {
            type: 'integer',
          },
          failed: {
            type: 'integer',
          },
        },
      },
    },
    options: {
      type: 'object',
      required: ['templates', 'lists', 'segments', 'attributes', 'members'],
      properties: {
        members: {
          description: 'The team members a "notify team" step can notify',
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'name', 'email'],
            properties: {
              id: {
                type: 'string',
                format: 'uuid',
              },
              name: {
                type: 'string',
              },
              email: {
                type: 'string',
              },
            },
          },
        },
        templates: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'name'],
            properties: {
              id: {
                type: 'integer',
                minimum: 1,
                maximum: 9007199254740991,
              },
              name: {
                type: 'string',
                pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
              },
            },
          },
        },
        lists: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'name', 'folderId', 'memberCount', 'createdAt', 'updatedAt'],
            properties: {
              id: {
                type: 'integer',
              },
              name: {
                type: 'string',
              },
              folderId: {
                type: 'integer',
              },
              memberCount: {
                type: 'integer',
                description: 'How many contacts the list holds',
              },
              createdAt: {
                type: 'string',
                format: 'date-time',
              },
              updatedAt: {
                type: 'string',
                format: 'date-time',
              },
            },
          },
        },
        segments: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'name', 'conditions', 'createdAt', 'updatedAt'],
            properties: {
              id: {
                type: 'integer',
              },
              name: {
                type: 'string',
              },
              conditions: {
                type: 'object',
                description:
                  'Conditions and nested groups, all of which (and) or any of which (or) must hold. An empty and-group matches every contact.',
                additionalProperties: false,
                required: ['kind', 'operator', 'conditions'],
                properties: {
                  kind: {
                    type: 'string',
                    enum: ['group'],
                  },
                  operator: {
                    type: 'string',
                    enum: ['and', 'or'],
                  },
                  conditions: {
                    type: 'array',
                    maxItems: 50,
                    items: {
                      type: 'object',
                      oneOf: [
                        {
                          $ref: '#/components/schemas/SegmentGroup',
                        },
                        {
                          type: 'object',
                          additionalProperties: false,
                          required: ['kind', 'field', 'operator'],
                          properties: {
                            kind: {
                              type: 'string',
                              enum: ['field'],
                            },
                            field: {
                              type: 'string',
                              enum: [
                                'email',
                                'firstName',
                                'lastName',
                                'phonePrefix',
                                'phoneNumber',
                                'country',
                                'language',
                                'address',
                                'createdAt',
                              ],
                            },
                            operator: {
                              type: 'string',
                              description:
                                'Text: equals, notEquals, contains, startsWith, in, isEmpty, isNotEmpty (case-insensitive). Number: equals, notEquals, greaterThan, lessThan, between, isEmpty, isNotEmpty. Date: equals, before, after, between, isEmpty, isNotEmpty. Boolean: equals, isEmpty, isNotEmpty. Category: equals, notEquals, in, isEmpty, isNotEmpty. An empty value matches notEquals and nothing else but isEmpty.',
                              enum: [
                                'equals',
                                'notEquals',
                                'contains',
                                'startsWith',
                                'greaterThan',
                                'lessThan',
                                'before',
                                'after',
                                'between',
                                'in',
                                'isEmpty',
                                'isNotEmpty',
                              ],
                            },
                            value: {
                              type: ['string', 'number', 'boolean'],
                              pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                            },
                            values: {
                              type: 'array',
                              description: 'Two bounds for between (inclusive), one or more choices for in',
                              minItems: 1,
                              maxItems: 100,
                              items: {
                                type: ['string', 'number'],
                                pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                              },
                            },
                          },
                        },
                        {
                          type: 'object',
                          additionalProperties: false,
                          required: ['kind', 'attributeId', 'operator'],
                          properties: {
                            kind: {
                              type: 'string',
                              enum: ['attribute'],
                            },
                            attributeId: {
                              type: 'integer',
                              minimum: 1,
                              maximum: 9007199254740991,
                            },
                            operator: {
                              type: 'string',
                              description:
                                'Text: equals, notEquals, contains, startsWith, in, isEmpty, isNotEmpty (case-insensitive). Number: equals, notEquals, greaterThan, lessThan, between, isEmpty, isNotEmpty. Date: equals, before, after, between, isEmpty, isNotEmpty. Boolean: equals, isEmpty, isNotEmpty. Category: equals, notEquals, in, isEmpty, isNotEmpty. An empty value matches notEquals and nothing else but isEmpty.',
                              enum: [
                                'equals',
                                'notEquals',
                                'contains',
                                'startsWith',
                                'greaterThan',
                                'lessThan',
                                'before',
                                'after',
                                'between',
                                'in',
                                'isEmpty',
                                'isNotEmpty',
                              ],
                            },
                            value: {
                              type: ['string', 'number', 'boolean'],
                              pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                            },
                            values: {
                              type: 'array',
                              description: 'Two bounds for between (inclusive), one or more choices for in',
                              minItems: 1,
                              maxItems: 100,
                              items: {
                                type: ['string', 'number'],
                                pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                              },
                            },
                          },
                        },
                        {
                          type: 'object',
                          additionalProperties: false,
                          required: ['kind', 'operator', 'listId'],
                          properties: {
                            kind: {
                              type: 'string',
                              enum: ['list'],
                            },
                            operator: {
                              type: 'string',
                              enum: ['in', 'notIn'],
                            },
                            listId: {
                              type: 'integer',
                              minimum: 1,
                              maximum: 9007199254740991,
                            },
                          },
                        },
                        {
                          type: 'object',
                          additionalProperties: false,
                          required: ['kind', 'operator'],
                          properties: {
                            kind: {
                              type: 'string',
                              enum: ['blocklist'],
                            },
                            operator: {
                              type: 'string',
                              enum: ['is', 'isNot'],
                            },
                          },
                        },
                      ],
                      discriminator: {
                        propertyName: 'kind',
                        mapping: {
                          group: '#/components/schemas/SegmentGroup',
                          field: '#/components/schemas/SegmentFieldCondition',
                          attribute: '#/components/schemas/SegmentAttributeCondition',
                          list: '#/components/schemas/SegmentListCondition',
                          blocklist: '#/components/schemas/SegmentBlocklistCondition',
                        },
                      },
                    },
                  },
                },
              },
              createdAt: {
                type: 'string',
                format: 'date-time',
              },
              updatedAt: {
                type: 'string',
                format: 'date-time',
              },
            },
          },
        },
        attributes: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'name', 'type', 'options', 'createdAt', 'updatedAt'],
            properties: {
              id: {
                type: 'integer',
              },
              name: {
                type: 'string',
              },
              type: {
                type: 'string',
                enum: ['text', 'number', 'date', 'boolean', 'category'],
              },
              options: {
                type: 'array',
                items: {
                  type: 'string',
                },
              },
              createdAt: {
                type: 'string',
                format: 'date-time',
              },
              updatedAt: {
                type: 'string',
                format: 'date-time',
              },
            },
          },
        },
      },
    },
  },
} as const;

export const WorkflowRun = {
  type: 'object',
  required: [
    'id',
    'workflowId',
    'workflowName',
    'contactId',
    'contactEmail',
    'status',
    'nodeId',
    'test',
    'startedAt',
    'updatedAt',
  ],
  properties: {
    id: {
      type: 'integer',
      minimum: 1,
      maximum: 9007199254740991,
    },
    workflowId: {
      type: 'integer',
      minimum: 1,
      maximum: 9007199254740991,
    },
    workflowName: {
      type: 'string',
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    contactId: {
      type: 'integer',
      minimum: 1,
      maximum: 9007199254740991,
    },
    contactEmail: {
      type: 'string',
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    status: {
      type: 'string',
      enum: ['running', 'waiting', 'finished', 'failed', 'exited'],
    },
    nodeId: {
      type: ['string', 'null'],
    },
    test: {
      type: 'boolean',
    },
    startedAt: {
      type: 'string',
      format: 'date-time',
    },
    updatedAt: {
      type: 'string',
      format: 'date-time',
    },
  },
} as const;

export const WorkflowRunStep = {
  type: 'object',
  required: ['nodeId', 'kind', 'at', 'outcome', 'handle', 'detail', 'messageId'],
  properties: {
    nodeId: {
      type: 'string',
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    kind: {
      type: 'string',
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    at: {
      type: 'string',
      format: 'date-time',
    },
    outcome: {
      type: 'string',
      enum: ['passed', 'waiting', 'failed', 'skipped'],
    },
    handle: {
      type: ['string', 'null'],
    },
    detail: {
      type: ['string', 'null'],
    },
    messageId: {
      type: ['integer', 'null'],
    },
  },
} as const;

export const WorkflowRunDetail = {
  allOf: [
    {
      type: 'object',
      required: [
        'id',
        'workflowId',
        'workflowName',
        'contactId',
        'contactEmail',
        'status',
        'nodeId',
        'test',
        'startedAt',
        'updatedAt',
      ],
      properties: {
        id: {
          type: 'integer',
          minimum: 1,
          maximum: 9007199254740991,
        },
        workflowId: {
          type: 'integer',
          minimum: 1,
          maximum: 9007199254740991,
        },
        workflowName: {
          type: 'string',
          pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
        },
        contactId: {
          type: 'integer',
          minimum: 1,
          maximum: 9007199254740991,
        },
        contactEmail: {
          type: 'string',
          pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
        },
        status: {
          type: 'string',
          enum: ['running', 'waiting', 'finished', 'failed', 'exited'],
        },
        nodeId: {
          type: ['string', 'null'],
        },
        test: {
          type: 'boolean',
        },
        startedAt: {
          type: 'string',
          format: 'date-time',
        },
        updatedAt: {
          type: 'string',
          format: 'date-time',
        },
      },
    },
    {
      type: 'object',
      required: ['steps'],
      properties: {
        steps: {
          type: 'array',
          items: {
            type: 'object',
            required: ['nodeId', 'kind', 'at', 'outcome', 'handle', 'detail', 'messageId'],
            properties: {
              nodeId: {
                type: 'string',
                pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
              },
              kind: {
                type: 'string',
                pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
              },
              at: {
                type: 'string',
                format: 'date-time',
              },
              outcome: {
                type: 'string',
                enum: ['passed', 'waiting', 'failed', 'skipped'],
              },
              handle: {
                type: ['string', 'null'],
              },
              detail: {
                type: ['string', 'null'],
              },
              messageId: {
                type: ['integer', 'null'],
              },
            },
          },
        },
      },
    },
  ],
} as const;

export const CustomEventInput = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'eventId'],
  properties: {
    name: {
      type: 'string',
      pattern: '^[A-Za-z0-9_.:-]{1,100}$',
    },
    eventId: {
      type: 'string',
      minLength: 1,
      maxLength: 100,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    email: {
      type: 'string',
      format: 'email',
      minLength: 5,
      maxLength: 254,
    },
    contactId: {
      type: 'integer',
      minimum: 1,
      maximum: 9007199254740991,
    },
    properties: {
      type: 'object',
      maxProperties: 50,
      additionalProperties: {
        type: ['string', 'number', 'boolean', 'null'],
      },
    },
  },
} as const;

export const UserflowPredictionType = {
  type: 'string',
  description: 'shared/userflow.ts PREDICTION_TYPES',
  enum: ['probability', 'value'],
} as const;

export const UserflowModelStatus = {
  type: 'string',
  description: 'shared/userflow.ts MODEL_STATUSES',
  enum: ['draft', 'training', 'ready', 'failed', 'paused'],
} as const;

export const UserflowSourceKind = {
  type: 'string',
  description: 'shared/userflow.ts SOURCE_KINDS',
  enum: ['rest', 'file', 'ga4', 'userflow', 'postgres', 'mysql', 'hubspot', 'plausible', 'matomo', 'brevo'],
} as const;

export const UserflowFeatureType = {
  type: 'string',
  enum: ['numeric', 'categorical', 'boolean', 'date'],
} as const;

export const UserflowColumnName = {
  type: 'string',
  minLength: 1,
  maxLength: 100,
  pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
} as const;

export const UserflowUrl = {
  type: 'string',
  minLength: 1,
  maxLength: 2048,
  pattern: '^https?://[^\\s\\u0000]+$',
} as const;

export const UserflowSecret = {
  type: 'string',
  minLength: 1,
  maxLength: 20000,
  pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
} as const;

export const UserflowShortText = {
  type: 'string',
  maxLength: 200,
  pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
} as const;

export const UserflowError = {
  type: 'object',
  description: 'Why training, a run or a connector failed; `code` is one of shared/userflow.ts USERFLOW_ERRORS',
  required: ['code', 'message', 'detail'],
  properties: {
    code: {
      type: 'string',
    },
    message: {
      type: 'string',
      description: 'The English text of the code (the SPA translates the code)',
    },
    detail: {
      type: ['string', 'null'],
      description: 'What the peer said, cut to 300 characters',
    },
  },
} as const;

export const UserflowRestConfig = {
  type: 'object',
  additionalProperties: false,
  required: ['url', 'authType', 'rowsPath', 'pagination'],
  properties: {
    url: {
      type: 'string',
      minLength: 1,
      maxLength: 2048,
      pattern: '^https?://[^\\s\\u0000]+$',
    },
    authType: {
      type: 'string',
      enum: ['none', 'bearer', 'header', 'basic'],
    },
    authHeaderName: {
      type: 'string',
      description: 'The header carrying the secret `authValue` when authType is header (e.g. X-Api-Key)',
      maxLength: 100,
      pattern: "^[A-Za-z0-9!#$%&'*+.^_`|~-]+$",
    },
    username: {
      type: 'string',
      maxLength: 200,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    rowsPath: {
      type: 'string',
      description:
        'Dotted path to the array of rows in the JSON answer (`data.items`); empty when the answer is the array',
      maxLength: 200,
      pattern: '^[A-Za-z0-9_$.\\-]*$',
    },
    pagination: {
      type: 'object',
      additionalProperties: false,
      required: ['type'],
      properties: {
        type: {
          type: 'string',
          enum: ['none', 'page', 'cursor'],
        },
        pageParam: {
          type: 'string',
          maxLength: 50,
          pattern: '^[A-Za-z0-9_.\\-\\[\\]]+$',
        },
        perPageParam: {
          type: 'string',
          maxLength: 50,
          pattern: '^[A-Za-z0-9_.\\-\\[\\]]+$',
        },
        perPage: {
          type: 'integer',
          minimum: 1,
          maximum: 10000,
        },
        cursorParam: {
          type: 'string',
          maxLength: 50,
          pattern: '^[A-Za-z0-9_.\\-\\[\\]]+$',
        },
        cursorPath: {
          type: 'string',
          description: 'Dotted path to the next cursor in the JSON answer; paging stops when it is empty',
          maxLength: 200,
          pattern: '^[A-Za-z0-9_$.\\-]*$',
        },
      },
    },
    sinceParam: {
      type: 'string',
      description:
        'A query parameter the API filters by "changed since" (an ISO 8601 instant, e.g. updated_since): a realtime model then asks only for the records changed since its last read, instead of re-reading them all',
      maxLength: 50,
      pattern: '^[A-Za-z0-9_.\\-\\[\\]]+$',
    },
  },
} as const;

export const UserflowRestSecrets = {
  type: 'object',
  additionalProperties: false,
  properties: {
    authValue: {
      type: 'string',
      minLength: 1,
      maxLength: 20000,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    password: {
      type: 'string',
      minLength: 1,
      maxLength: 20000,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
  },
} as const;

export const UserflowFileConfig = {
  type: 'object',
  additionalProperties: false,
  description: 'Set by the upload (uploadUserflowFile); a patch sends {} and keeps the file',
  properties: {
    fileName: {
      type: ['string', 'null'],
    },
    rows: {
      type: ['integer', 'null'],
    },
    uploadedAt: {
      type: ['string', 'null'],
      format: 'date-time',
    },
  },
} as const;

export const UserflowGa4Config = {
  type: 'object',
  additionalProperties: false,
  required: ['propertyId', 'dimensions', 'metrics', 'days'],
  properties: {
    propertyId: {
      type: 'string',
      minLength: 1,
      maxLength: 30,
      pattern: '^[0-9]+$',
    },
    dimensions: {
      type: 'array',
      description: 'GA4 dimensions; the first is the identity (e.g. customUser:email or a user id dimension)',
      minItems: 1,
      maxItems: 9,
      items: {
        type: 'string',
        minLength: 1,
        maxLength: 100,
        pattern: '^[A-Za-z0-9_:]+$',
      },
    },
    metrics: {
      type: 'array',
      minItems: 1,
      maxItems: 10,
      items: {
        type: 'string',
        minLength: 1,
        maxLength: 100,
        pattern: '^[A-Za-z0-9_:]+$',
      },
    },
    days: {
      type: 'integer',
      minimum: 1,
      maximum: 730,
      description: 'The report covers the last N days',
    },
  },
} as const;

export const UserflowGa4Secrets = {
  type: 'object',
  additionalProperties: false,
  properties: {
    serviceAccountJson: {
      type: 'string',
      minLength: 1,
      maxLength: 20000,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
  },
} as const;

export const UserflowTrackerConfig = {
  type: 'object',
  additionalProperties: false,
  required: ['siteId', 'days'],
  properties: {
    siteId: {
      type: 'integer',
      minimum: 1,
      maximum: 9007199254740991,
    },
    days: {
      type: 'integer',
      minimum: 1,
      maximum: 1825,
      description: 'Events of the last N days make the features',
    },
  },
} as const;

export const UserflowSqlConfig = {
  type: 'object',
  additionalProperties: false,
  required: ['host', 'port', 'database', 'user'],
  properties: {
    host: {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      pattern: '^[A-Za-z0-9.\\-:\\[\\]]+$',
    },
    port: {
      type: 'integer',
      minimum: 1,
      maximum: 65535,
    },
    database: {
      type: 'string',
      minLength: 1,
      maxLength: 100,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    user: {
      type: 'string',
      minLength: 1,
      maxLength: 100,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    ssl: {
      type: 'boolean',
    },
    table: {
      type: 'string',
      description: 'A table or view to read (schema.table); or give `query`',
      maxLength: 200,
      pattern: '^[A-Za-z_][A-Za-z0-9_$]*(\\.[A-Za-z_][A-Za-z0-9_$]*)?$',
    },
    query: {
      type: 'string',
      description: 'A SELECT, run in a read-only transaction',
      maxLength: 10000,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    changesColumn: {
      type: 'string',
      description:
        'A timestamp or increasing number column of the rows: a realtime model then scores only the rows whose value is at or past the last one it read, instead of re-reading the source',
      minLength: 1,
      maxLength: 100,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
  },
} as const;

export const UserflowPasswordSecrets = {
  type: 'object',
  additionalProperties: false,
  properties: {
    password: {
      type: 'string',
      minLength: 1,
      maxLength: 20000,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
  },
} as const;

export const UserflowHubspotConfig = {
  type: 'object',
  additionalProperties: false,
  required: ['properties'],
  properties: {
    baseUrl: {
      type: 'string',
      minLength: 1,
      maxLength: 2048,
      pattern: '^https?://[^\\s\\u0000]+$',
    },
    properties: {
      type: 'array',
      description: 'Contact properties to read (email is always read)',
      minItems: 1,
      maxItems: 100,
      items: {
        type: 'string',
        minLength: 1,
        maxLength: 100,
        pattern: '^[A-Za-z0-9_]+$',
      },
    },
  },
} as const;

export const UserflowHubspotSecrets = {
  type: 'object',
  additionalProperties: false,
  properties: {
    accessToken: {
      type: 'string',
      minLength: 1,
      maxLength: 20000,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
  },
} as const;

export const UserflowPlausibleConfig = {
  type: 'object',
  additionalProperties: false,
  required: ['siteId', 'metrics', 'dimensions', 'days'],
  properties: {
    baseUrl: {
      type: 'string',
      minLength: 1,
      maxLength: 2048,
      pattern: '^https?://[^\\s\\u0000]+$',
    },
    siteId: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      pattern: '^[^\\s\\u0000]+$',
    },
    dimensions: {
      type: 'array',
      description: 'The first is the identity (e.g. event:props:email)',
      minItems: 1,
      maxItems: 5,
      items: {
        type: 'string',
        minLength: 1,
        maxLength: 100,
        pattern: '^[A-Za-z0-9_:.\\-]+$',
      },
    },
    metrics: {
      type: 'array',
      minItems: 1,
      maxItems: 10,
      items: {
        type: 'string',
        minLength: 1,
        maxLength: 50,
        pattern: '^[A-Za-z0-9_]+$',
      },
    },
    days: {
      type: 'integer',
      minimum: 1,
      maximum: 730,
    },
  },
} as const;

export const UserflowApiKeySecrets = {
  type: 'object',
  additionalProperties: false,
  properties: {
    apiKey: {
      type: 'string',
      minLength: 1,
      maxLength: 20000,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
  },
} as const;

export const UserflowMatomoConfig = {
  type: 'object',
  additionalProperties: false,
  required: ['baseUrl', 'idSite', 'days'],
  properties: {
    baseUrl: {
      type: 'string',
      minLength: 1,
      maxLength: 2048,
      pattern: '^https?://[^\\s\\u0000]+$',
    },
    idSite: {
      type: 'integer',
      minimum: 1,
    },
    days: {
      type: 'integer',
      minimum: 1,
      maximum: 730,
    },
  },
} as const;

export const UserflowMatomoSecrets = {
  type: 'object',
  additionalProperties: false,
  properties: {
    tokenAuth: {
      type: 'string',
      minLength: 1,
      maxLength: 20000,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
  },
} as const;

export const UserflowBrevoConfig = {
  type: 'object',
  additionalProperties: false,
  properties: {
    baseUrl: {
      type: 'string',
      minLength: 1,
      maxLength: 2048,
      pattern: '^https?://[^\\s\\u0000]+$',
    },
  },
} as const;

export const UserflowSourceInput = {
  description:
    'A data source as the browser sends it: its kind, its settings and its write-only secrets (shared/userflow.ts SOURCE_SECRETS). Secrets left out keep the stored ones while the kind is unchanged.',
  oneOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'config'],
      properties: {
        kind: {
          type: 'string',
          const: 'rest',
        },
        config: {
          type: 'object',
          additionalProperties: false,
          required: ['url', 'authType', 'rowsPath', 'pagination'],
          properties: {
            url: {
              type: 'string',
              minLength: 1,
              maxLength: 2048,
              pattern: '^https?://[^\\s\\u0000]+$',
            },
            authType: {
              type: 'string',
              enum: ['none', 'bearer', 'header', 'basic'],
            },
            authHeaderName: {
              type: 'string',
              description: 'The header carrying the secret `authValue` when authType is header (e.g. X-Api-Key)',
              maxLength: 100,
              pattern: "^[A-Za-z0-9!#$%&'*+.^_`|~-]+$",
            },
            username: {
              type: 'string',
              maxLength: 200,
              pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
            },
            rowsPath: {
              type: 'string',
              description:
                'Dotted path to the array of rows in the JSON answer (`data.items`); empty when the answer is the array',
              maxLength: 200,
              pattern: '^[A-Za-z0-9_$.\\-]*$',
            },
            pagination: {
              type: 'object',
              additionalProperties: false,
              required: ['type'],
              properties: {
                type: {
                  type: 'string',
                  enum: ['none', 'page', 'cursor'],
                },
                pageParam: {
                  type: 'string',
                  maxLength: 50,
                  pattern: '^[A-Za-z0-9_.\\-\\[\\]]+$',
                },
                perPageParam: {
                  type: 'string',
                  maxLength: 50,
                  pattern: '^[A-Za-z0-9_.\\-\\[\\]]+$',
                },
                perPage: {
                  type: 'integer',
                  minimum: 1,
                  maximum: 10000,
                },
                cursorParam: {
                  type: 'string',
                  maxLength: 50,
                  pattern: '^[A-Za-z0-9_.\\-\\[\\]]+$',
                },
                cursorPath: {
                  type: 'string',
                  description: 'Dotted path to the next cursor in the JSON answer; paging stops when it is empty',
                  maxLength: 200,
                  pattern: '^[A-Za-z0-9_$.\\-]*$',
                },
              },
            },
            sinceParam: {
              type: 'string',
              description:
                'A query parameter the API filters by "changed since" (an ISO 8601 instant, e.g. updated_since): a realtime model then asks only for the records changed since its last read, instead of re-reading them all',
              maxLength: 50,
              pattern: '^[A-Za-z0-9_.\\-\\[\\]]+$',
            },
          },
        },
        secrets: {
          type: 'object',
          additionalProperties: false,
          properties: {
            authValue: {
              type: 'string',
              minLength: 1,
              maxLength: 20000,
              pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
            },
            password: {
              type: 'string',
              minLength: 1,
              maxLength: 20000,
              pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
            },
          },
        },
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'config'],
      properties: {
        kind: {
          type: 'string',
          const: 'file',
        },
        config: {
          type: 'object',
          additionalProperties: false,
          description: 'Set by the upload (uploadUserflowFile); a patch sends {} and keeps the file',
          properties: {
            fileName: {
              type: ['string', 'null'],
            },
            rows: {
              type: ['integer', 'null'],
            },
            uploadedAt: {
              type: ['string', 'null'],
              format: 'date-time',
            },
          },
        },
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'config'],
      properties: {
        kind: {
          type: 'string',
          const: 'ga4',
        },
        config: {
          type: 'object',
          additionalProperties: false,
          required: ['propertyId', 'dimensions', 'metrics', 'days'],
          properties: {
            propertyId: {
              type: 'string',
              minLength: 1,
              maxLength: 30,
              pattern: '^[0-9]+$',
            },
            dimensions: {
              type: 'array',
              description: 'GA4 dimensions; the first is the identity (e.g. customUser:email or a user id dimension)',
              minItems: 1,
              maxItems: 9,
              items: {
                type: 'string',
                minLength: 1,
                maxLength: 100,
                pattern: '^[A-Za-z0-9_:]+$',
              },
            },
            metrics: {
              type: 'array',
              minItems: 1,
              maxItems: 10,
              items: {
                type: 'string',
                minLength: 1,
                maxLength: 100,
                pattern: '^[A-Za-z0-9_:]+$',
              },
            },
            days: {
              type: 'integer',
              minimum: 1,
              maximum: 730,
              description: 'The report covers the last N days',
            },
          },
        },
        secrets: {
          type: 'object',
          additionalProperties: false,
          properties: {
            serviceAccountJson: {
              type: 'string',
              minLength: 1,
              maxLength: 20000,
              pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
            },
          },
        },
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'config'],
      properties: {
        kind: {
          type: 'string',
          const: 'userflow',
        },
        config: {
          type: 'object',
          additionalProperties: false,
          required: ['siteId', 'days'],
          properties: {
            siteId: {
              type: 'integer',
              minimum: 1,
              maximum: 9007199254740991,
            },
            days: {
              type: 'integer',
              minimum: 1,
              maximum: 1825,
              description: 'Events of the last N days make the features',
            },
          },
        },
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'config'],
      properties: {
        kind: {
          type: 'string',
          enum: ['postgres', 'mysql'],
        },
        config: {
          type: 'object',
          additionalProperties: false,
          required: ['host', 'port', 'database', 'user'],
          properties: {
            host: {
              type: 'string',
              minLength: 1,
              maxLength: 255,
              pattern: '^[A-Za-z0-9.\\-:\\[\\]]+$',
            },
            port: {
              type: 'integer',
              minimum: 1,
              maximum: 65535,
            },
            database: {
              type: 'string',
              minLength: 1,
              maxLength: 100,
              pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
            },
            user: {
              type: 'string',
              minLength: 1,
              maxLength: 100,
              pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
            },
            ssl: {
              type: 'boolean',
            },
            table: {
              type: 'string',
              description: 'A table or view to read (schema.table); or give `query`',
              maxLength: 200,
              pattern: '^[A-Za-z_][A-Za-z0-9_$]*(\\.[A-Za-z_][A-Za-z0-9_$]*)?$',
            },
            query: {
              type: 'string',
              description: 'A SELECT, run in a read-only transaction',
              maxLength: 10000,
              pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
            },
            changesColumn: {
              type: 'string',
              description:
                'A timestamp or increasing number column of the rows: a realtime model then scores only the rows whose value is at or past the last one it read, instead of re-reading the source',
              minLength: 1,
              maxLength: 100,
              pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
            },
          },
        },
        secrets: {
          type: 'object',
          additionalProperties: false,
          properties: {
            password: {
              type: 'string',
              minLength: 1,
              maxLength: 20000,
              pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
            },
          },
        },
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'config'],
      properties: {
        kind: {
          type: 'string',
          const: 'hubspot',
        },
        config: {
          type: 'object',
          additionalProperties: false,
          required: ['properties'],
          properties: {
            baseUrl: {
              type: 'string',
              minLength: 1,
              maxLength: 2048,
              pattern: '^https?://[^\\s\\u0000]+$',
            },
            properties: {
              type: 'array',
              description: 'Contact properties to read (email is always read)',
              minItems: 1,
              maxItems: 100,
              items: {
                type: 'string',
                minLength: 1,
                maxLength: 100,
                pattern: '^[A-Za-z0-9_]+$',
              },
            },
          },
        },
        secrets: {
          type: 'object',
          additionalProperties: false,
          properties: {
            accessToken: {
              type: 'string',
              minLength: 1,
              maxLength: 20000,
              pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
            },
          },
        },
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'config'],
      properties: {
        kind: {
          type: 'string',
          const: 'plausible',
        },
        config: {
          type: 'object',
          additionalProperties: false,
          required: ['siteId', 'metrics', 'dimensions', 'days'],
          properties: {
            baseUrl: {
              type: 'string',
              minLength: 1,
              maxLength: 2048,
              pattern: '^https?://[^\\s\\u0000]+$',
            },
            siteId: {
              type: 'string',
              minLength: 1,
              maxLength: 200,
              pattern: '^[^\\s\\u0000]+$',
            },
            dimensions: {
              type: 'array',
              description: 'The first is the identity (e.g. event:props:email)',
              minItems: 1,
              maxItems: 5,
              items: {
                type: 'string',
                minLength: 1,
                maxLength: 100,
                pattern: '^[A-Za-z0-9_:.\\-]+$',
              },
            },
            metrics: {
              type: 'array',
              minItems: 1,
              maxItems: 10,
              items: {
                type: 'string',
                minLength: 1,
                maxLength: 50,
                pattern: '^[A-Za-z0-9_]+$',
              },
            },
            days: {
              type: 'integer',
              minimum: 1,
              maximum: 730,
            },
          },
        },
        secrets: {
          type: 'object',
          additionalProperties: false,
          properties: {
            apiKey: {
              type: 'string',
              minLength: 1,
              maxLength: 20000,
              pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
            },
          },
        },
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'config'],
      properties: {
        kind: {
          type: 'string',
          const: 'matomo',
        },
        config: {
          type: 'object',
          additionalProperties: false,
          required: ['baseUrl', 'idSite', 'days'],
          properties: {
            baseUrl: {
              type: 'string',
              minLength: 1,
              maxLength: 2048,
              pattern: '^https?://[^\\s\\u0000]+$',
            },
            idSite: {
              type: 'integer',
              minimum: 1,
            },
            days: {
              type: 'integer',
              minimum: 1,
              maximum: 730,
            },
          },
        },
        secrets: {
          type: 'object',
          additionalProperties: false,
          properties: {
            tokenAuth: {
              type: 'string',
              minLength: 1,
              maxLength: 20000,
              pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
            },
          },
        },
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'config'],
      properties: {
        kind: {
          type: 'string',
          const: 'brevo',
        },
        config: {
          type: 'object',
          additionalProperties: false,
          properties: {
            baseUrl: {
              type: 'string',
              minLength: 1,
              maxLength: 2048,
              pattern: '^https?://[^\\s\\u0000]+$',
            },
          },
        },
        secrets: {
          type: 'object',
          additionalProperties: false,
          properties: {
            apiKey: {
              type: 'string',
              minLength: 1,
              maxLength: 20000,
              pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
            },
          },
        },
      },
    },
  ],
} as const;

export const UserflowSource = {
  type: 'object',
  description: 'A data source as stored, without its secrets',
  required: ['kind', 'config', 'secretsSet'],
  properties: {
    kind: {
      type: 'string',
      description: 'shared/userflow.ts SOURCE_KINDS',
      enum: ['rest', 'file', 'ga4', 'userflow', 'postgres', 'mysql', 'hubspot', 'plausible', 'matomo', 'brevo'],
    },
    config: {
      description: "The kind's settings (the config of the matching UserflowSourceInput branch)",
      anyOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: ['url', 'authType', 'rowsPath', 'pagination'],
          properties: {
            url: {
              type: 'string',
              minLength: 1,
              maxLength: 2048,
              pattern: '^https?://[^\\s\\u0000]+$',
            },
            authType: {
              type: 'string',
              enum: ['none', 'bearer', 'header', 'basic'],
            },
            authHeaderName: {
              type: 'string',
              description: 'The header carrying the secret `authValue` when authType is header (e.g. X-Api-Key)',
              maxLength: 100,
              pattern: "^[A-Za-z0-9!#$%&'*+.^_`|~-]+$",
            },
            username: {
              type: 'string',
              maxLength: 200,
              pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
            },
            rowsPath: {
              type: 'string',
              description:
                'Dotted path to the array of rows in the JSON answer (`data.items`); empty when the answer is the array',
              maxLength: 200,
              pattern: '^[A-Za-z0-9_$.\\-]*$',
            },
            pagination: {
              type: 'object',
              additionalProperties: false,
              required: ['type'],
              properties: {
                type: {
                  type: 'string',
                  enum: ['none', 'page', 'cursor'],
                },
                pageParam: {
                  type: 'string',
                  maxLength: 50,
                  pattern: '^[A-Za-z0-9_.\\-\\[\\]]+$',
                },
                perPageParam: {
                  type: 'string',
                  maxLength: 50,
                  pattern: '^[A-Za-z0-9_.\\-\\[\\]]+$',
                },
                perPage: {
                  type: 'integer',
                  minimum: 1,
                  maximum: 10000,
                },
                cursorParam: {
                  type: 'string',
                  maxLength: 50,
                  pattern: '^[A-Za-z0-9_.\\-\\[\\]]+$',
                },
                cursorPath: {
                  type: 'string',
                  description: 'Dotted path to the next cursor in the JSON answer; paging stops when it is empty',
                  maxLength: 200,
                  pattern: '^[A-Za-z0-9_$.\\-]*$',
                },
              },
            },
            sinceParam: {
              type: 'string',
              description:
                'A query parameter the API filters by "changed since" (an ISO 8601 instant, e.g. updated_since): a realtime model then asks only for the records changed since its last read, instead of re-reading them all',
              maxLength: 50,
              pattern: '^[A-Za-z0-9_.\\-\\[\\]]+$',
            },
          },
        },
        {
          type: 'object',
          additionalProperties: false,
          description: 'Set by the upload (uploadUserflowFile); a patch sends {} and keeps the file',
          properties: {
            fileName: {
              type: ['string', 'null'],
            },
            rows: {
              type: ['integer', 'null'],
            },
            uploadedAt: {
              type: ['string', 'null'],
              format: 'date-time',
            },
          },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['propertyId', 'dimensions', 'metrics', 'days'],
          properties: {
            propertyId: {
              type: 'string',
              minLength: 1,
              maxLength: 30,
              pattern: '^[0-9]+$',
            },
            dimensions: {
              type: 'array',
              description: 'GA4 dimensions; the first is the identity (e.g. customUser:email or a user id dimension)',
              minItems: 1,
              maxItems: 9,
              items: {
                type: 'string',
                minLength: 1,
                maxLength: 100,
                pattern: '^[A-Za-z0-9_:]+$',
              },
            },
            metrics: {
              type: 'array',
              minItems: 1,
              maxItems: 10,
              items: {
                type: 'string',
                minLength: 1,
                maxLength: 100,
                pattern: '^[A-Za-z0-9_:]+$',
              },
            },
            days: {
              type: 'integer',
              minimum: 1,
              maximum: 730,
              description: 'The report covers the last N days',
            },
          },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['siteId', 'days'],
          properties: {
            siteId: {
              type: 'integer',
              minimum: 1,
              maximum: 9007199254740991,
            },
            days: {
              type: 'integer',
              minimum: 1,
              maximum: 1825,
              description: 'Events of the last N days make the features',
            },
          },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['host', 'port', 'database', 'user'],
          properties: {
            host: {
              type: 'string',
              minLength: 1,
              maxLength: 255,
              pattern: '^[A-Za-z0-9.\\-:\\[\\]]+$',
            },
            port: {
              type: 'integer',
              minimum: 1,
              maximum: 65535,
            },
            database: {
              type: 'string',
              minLength: 1,
              maxLength: 100,
              pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
            },
            user: {
              type: 'string',
              minLength: 1,
              maxLength: 100,
              pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
            },
            ssl: {
              type: 'boolean',
            },
            table: {
              type: 'string',
              description: 'A table or view to read (schema.table); or give `query`',
              maxLength: 200,
              pattern: '^[A-Za-z_][A-Za-z0-9_$]*(\\.[A-Za-z_][A-Za-z0-9_$]*)?$',
            },
            query: {
              type: 'string',
              description: 'A SELECT, run in a read-only transaction',
              maxLength: 10000,
              pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
            },
            changesColumn: {
              type: 'string',
              description:
                'A timestamp or increasing number column of the rows: a realtime model then scores only the rows whose value is at or past the last one it read, instead of re-reading the source',
              minLength: 1,
              maxLength: 100,
              pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
            },
          },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['properties'],
          properties: {
            baseUrl: {
              type: 'string',
              minLength: 1,
              maxLength: 2048,
              pattern: '^https?://[^\\s\\u0000]+$',
            },
            properties: {
              type: 'array',
              description: 'Contact properties to read (email is always read)',
              minItems: 1,
              maxItems: 100,
              items: {
                type: 'string',
                minLength: 1,
                maxLength: 100,
                pattern: '^[A-Za-z0-9_]+$',
              },
            },
          },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['siteId', 'metrics', 'dimensions', 'days'],
          properties: {
            baseUrl: {
              type: 'string',
              minLength: 1,
              maxLength: 2048,
              pattern: '^https?://[^\\s\\u0000]+$',
            },
            siteId: {
              type: 'string',
              minLength: 1,
              maxLength: 200,
              pattern: '^[^\\s\\u0000]+$',
            },
            dimensions: {
              type: 'array',
              description: 'The first is the identity (e.g. event:props:email)',
              minItems: 1,
              maxItems: 5,
              items: {
                type: 'string',
                minLength: 1,
                maxLength: 100,
                pattern: '^[A-Za-z0-9_:.\\-]+$',
              },
            },
            metrics: {
              type: 'array',
              minItems: 1,
              maxItems: 10,
              items: {
                type: 'string',
                minLength: 1,
                maxLength: 50,
                pattern: '^[A-Za-z0-9_]+$',
              },
            },
            days: {
              type: 'integer',
              minimum: 1,
              maximum: 730,
            },
          },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['baseUrl', 'idSite', 'days'],
          properties: {
            baseUrl: {
              type: 'string',
              minLength: 1,
              maxLength: 2048,
              pattern: '^https?://[^\\s\\u0000]+$',
            },
            idSite: {
              type: 'integer',
              minimum: 1,
            },
            days: {
              type: 'integer',
              minimum: 1,
              maximum: 730,
            },
          },
        },
        {
          type: 'object',
          additionalProperties: false,
          properties: {
            baseUrl: {
              type: 'string',
              minLength: 1,
              maxLength: 2048,
              pattern: '^https?://[^\\s\\u0000]+$',
            },
          },
        },
      ],
    },
    secretsSet: {
      type: 'array',
      description: 'The names of the secrets stored (their values are never sent back)',
      items: {
        type: 'string',
      },
    },
  },
} as const;

export const UserflowIdentity = {
  type: 'object',
  additionalProperties: false,
  required: ['column', 'matchKind', 'attributeId'],
  properties: {
    column: {
      type: 'string',
      minLength: 1,
      maxLength: 100,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    matchKind: {
      type: 'string',
      enum: ['email', 'attribute'],
    },
    attributeId: {
      description: 'The contact attribute holding the external id, when matchKind is attribute',
      oneOf: [
        {
          type: 'integer',
          minimum: 1,
          maximum: 9007199254740991,
        },
        {
          type: 'null',
        },
      ],
    },
  },
} as const;

export const UserflowTarget = {
  description: 'What the model predicts',
  oneOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'column'],
      properties: {
        kind: {
          type: 'string',
          const: 'column',
        },
        column: {
          type: 'string',
          minLength: 1,
          maxLength: 100,
          pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
        },
        positiveValue: {
          description: 'For a probability, the value that counts as "yes" (default true, 1, yes)',
          type: 'string',
          maxLength: 200,
          pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
        },
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'siteId', 'eventName', 'days'],
      properties: {
        kind: {
          type: 'string',
          const: 'event',
        },
        siteId: {
          type: 'integer',
          minimum: 1,
          maximum: 9007199254740991,
        },
        eventName: {
          type: 'string',
          description: 'The tracker event (or `page_view`) whose occurrence within `days` means "yes"',
          minLength: 1,
          maxLength: 100,
          pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
        },
        days: {
          type: 'integer',
          minimum: 1,
          maximum: 365,
        },
      },
    },
  ],
} as const;

export const UserflowFeature = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'type', 'used'],
  properties: {
    name: {
      type: 'string',
      minLength: 1,
      maxLength: 100,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    type: {
      type: 'string',
      enum: ['numeric', 'categorical', 'boolean', 'date'],
    },
    used: {
      type: 'boolean',
    },
  },
} as const;

export const UserflowRunMode = {
  description: 'When the model scores contacts',
  oneOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['mode'],
      properties: {
        mode: {
          type: 'string',
          enum: ['manual', 'realtime'],
        },
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['mode', 'pattern', 'timeZone'],
      properties: {
        mode: {
          type: 'string',
          const: 'scheduled',
        },
        pattern: {
          type: 'string',
          minLength: 9,
          maxLength: 200,
          pattern: '^[0-9*,/\\- ]+$',
        },
        timeZone: {
          type: 'string',
          minLength: 1,
          maxLength: 64,
          pattern: '^[A-Za-z0-9_+\\-/]+$',
        },
      },
    },
  ],
} as const;

export const UserflowModelInput = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'predictionType'],
  properties: {
    name: {
      type: 'string',
      minLength: 1,
      maxLength: 100,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    predictionType: {
      type: 'string',
      description: 'shared/userflow.ts PREDICTION_TYPES',
      enum: ['probability', 'value'],
    },
    question: {
      type: 'string',
      maxLength: 300,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
  },
} as const;

export const UserflowModelPatch = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    name: {
      type: 'string',
      minLength: 1,
      maxLength: 100,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    predictionType: {
      type: 'string',
      description: 'shared/userflow.ts PREDICTION_TYPES',
      enum: ['probability', 'value'],
    },
    question: {
      type: 'string',
      maxLength: 300,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    source: {
      description:
        'A data source as the browser sends it: its kind, its settings and its write-only secrets (shared/userflow.ts SOURCE_SECRETS). Secrets left out keep the stored ones while the kind is unchanged.',
      oneOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: ['kind', 'config'],
          properties: {
            kind: {
              type: 'string',
              const: 'rest',
            },
            config: {
              type: 'object',
              additionalProperties: false,
              required: ['url', 'authType', 'rowsPath', 'pagination'],
              properties: {
                url: {
                  type: 'string',
                  minLength: 1,
                  maxLength: 2048,
                  pattern: '^https?://[^\\s\\u0000]+$',
                },
                authType: {
                  type: 'string',
                  enum: ['none', 'bearer', 'header', 'basic'],
                },
                authHeaderName: {
                  type: 'string',
                  description: 'The header carrying the secret `authValue` when authType is header (e.g. X-Api-Key)',
                  maxLength: 100,
                  pattern: "^[A-Za-z0-9!#$%&'*+.^_`|~-]+$",
                },
                username: {
                  type: 'string',
                  maxLength: 200,
                  pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                },
                rowsPath: {
                  type: 'string',
                  description:
                    'Dotted path to the array of rows in the JSON answer (`data.items`); empty when the answer is the array',
                  maxLength: 200,
                  pattern: '^[A-Za-z0-9_$.\\-]*$',
                },
                pagination: {
                  type: 'object',
                  additionalProperties: false,
                  required: ['type'],
                  properties: {
                    type: {
                      type: 'string',
                      enum: ['none', 'page', 'cursor'],
                    },
                    pageParam: {
                      type: 'string',
                      maxLength: 50,
                      pattern: '^[A-Za-z0-9_.\\-\\[\\]]+$',
                    },
                    perPageParam: {
                      type: 'string',
                      maxLength: 50,
                      pattern: '^[A-Za-z0-9_.\\-\\[\\]]+$',
                    },
                    perPage: {
                      type: 'integer',
                      minimum: 1,
                      maximum: 10000,
                    },
                    cursorParam: {
                      type: 'string',
                      maxLength: 50,
                      pattern: '^[A-Za-z0-9_.\\-\\[\\]]+$',
                    },
                    cursorPath: {
                      type: 'string',
                      description: 'Dotted path to the next cursor in the JSON answer; paging stops when it is empty',
                      maxLength: 200,
                      pattern: '^[A-Za-z0-9_$.\\-]*$',
                    },
                  },
                },
                sinceParam: {
                  type: 'string',
                  description:
                    'A query parameter the API filters by "changed since" (an ISO 8601 instant, e.g. updated_since): a realtime model then asks only for the records changed since its last read, instead of re-reading them all',
                  maxLength: 50,
                  pattern: '^[A-Za-z0-9_.\\-\\[\\]]+$',
                },
              },
            },
            secrets: {
              type: 'object',
              additionalProperties: false,
              properties: {
                authValue: {
                  type: 'string',
                  minLength: 1,
                  maxLength: 20000,
                  pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                },
                password: {
                  type: 'string',
                  minLength: 1,
                  maxLength: 20000,
                  pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                },
              },
            },
          },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['kind', 'config'],
          properties: {
            kind: {
              type: 'string',
              const: 'file',
            },
            config: {
              type: 'object',
              additionalProperties: false,
              description: 'Set by the upload (uploadUserflowFile); a patch sends {} and keeps the file',
              properties: {
                fileName: {
                  type: ['string', 'null'],
                },
                rows: {
                  type: ['integer', 'null'],
                },
                uploadedAt: {
                  type: ['string', 'null'],
                  format: 'date-time',
                },
              },
            },
          },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['kind', 'config'],
          properties: {
            kind: {
              type: 'string',
              const: 'ga4',
            },
            config: {
              type: 'object',
              additionalProperties: false,
              required: ['propertyId', 'dimensions', 'metrics', 'days'],
              properties: {
                propertyId: {
                  type: 'string',
                  minLength: 1,
                  maxLength: 30,
                  pattern: '^[0-9]+$',
                },
                dimensions: {
                  type: 'array',
                  description:
                    'GA4 dimensions; the first is the identity (e.g. customUser:email or a user id dimension)',
                  minItems: 1,
                  maxItems: 9,
                  items: {
                    type: 'string',
                    minLength: 1,
                    maxLength: 100,
                    pattern: '^[A-Za-z0-9_:]+$',
                  },
                },
                metrics: {
                  type: 'array',
                  minItems: 1,
                  maxItems: 10,
                  items: {
                    type: 'string',
                    minLength: 1,
                    maxLength: 100,
                    pattern: '^[A-Za-z0-9_:]+$',
                  },
                },
                days: {
                  type: 'integer',
                  minimum: 1,
                  maximum: 730,
                  description: 'The report covers the last N days',
                },
              },
            },
            secrets: {
              type: 'object',
              additionalProperties: false,
              properties: {
                serviceAccountJson: {
                  type: 'string',
                  minLength: 1,
                  maxLength: 20000,
                  pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                },
              },
            },
          },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['kind', 'config'],
          properties: {
            kind: {
              type: 'string',
              const: 'userflow',
            },
            config: {
              type: 'object',
              additionalProperties: false,
              required: ['siteId', 'days'],
              properties: {
                siteId: {
                  type: 'integer',
                  minimum: 1,
                  maximum: 9007199254740991,
                },
                days: {
                  type: 'integer',
                  minimum: 1,
                  maximum: 1825,
                  description: 'Events of the last N days make the features',
                },
              },
            },
          },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['kind', 'config'],
          properties: {
            kind: {
              type: 'string',
              enum: ['postgres', 'mysql'],
            },
            config: {
              type: 'object',
              additionalProperties: false,
              required: ['host', 'port', 'database', 'user'],
              properties: {
                host: {
                  type: 'string',
                  minLength: 1,
                  maxLength: 255,
                  pattern: '^[A-Za-z0-9.\\-:\\[\\]]+$',
                },
                port: {
                  type: 'integer',
                  minimum: 1,
                  maximum: 65535,
                },
                database: {
                  type: 'string',
                  minLength: 1,
                  maxLength: 100,
                  pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                },
                user: {
                  type: 'string',
                  minLength: 1,
                  maxLength: 100,
                  pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                },
                ssl: {
                  type: 'boolean',
                },
                table: {
                  type: 'string',
                  description: 'A table or view to read (schema.table); or give `query`',
                  maxLength: 200,
                  pattern: '^[A-Za-z_][A-Za-z0-9_$]*(\\.[A-Za-z_][A-Za-z0-9_$]*)?$',
                },
                query: {
                  type: 'string',
                  description: 'A SELECT, run in a read-only transaction',
                  maxLength: 10000,
                  pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                },
                changesColumn: {
                  type: 'string',
                  description:
                    'A timestamp or increasing number column of the rows: a realtime model then scores only the rows whose value is at or past the last one it read, instead of re-reading the source',
                  minLength: 1,
                  maxLength: 100,
                  pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                },
              },
            },
            secrets: {
              type: 'object',
              additionalProperties: false,
              properties: {
                password: {
                  type: 'string',
                  minLength: 1,
                  maxLength: 20000,
                  pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                },
              },
            },
          },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['kind', 'config'],
          properties: {
            kind: {
              type: 'string',
              const: 'hubspot',
            },
            config: {
              type: 'object',
              additionalProperties: false,
              required: ['properties'],
              properties: {
                baseUrl: {
                  type: 'string',
                  minLength: 1,
                  maxLength: 2048,
                  pattern: '^https?://[^\\s\\u0000]+$',
                },
                properties: {
                  type: 'array',
                  description: 'Contact properties to read (email is always read)',
                  minItems: 1,
                  maxItems: 100,
                  items: {
                    type: 'string',
                    minLength: 1,
                    maxLength: 100,
                    pattern: '^[A-Za-z0-9_]+$',
                  },
                },
              },
            },
            secrets: {
              type: 'object',
              additionalProperties: false,
              properties: {
                accessToken: {
                  type: 'string',
                  minLength: 1,
                  maxLength: 20000,
                  pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                },
              },
            },
          },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['kind', 'config'],
          properties: {
            kind: {
              type: 'string',
              const: 'plausible',
            },
            config: {
              type: 'object',
              additionalProperties: false,
              required: ['siteId', 'metrics', 'dimensions', 'days'],
              properties: {
                baseUrl: {
                  type: 'string',
                  minLength: 1,
                  maxLength: 2048,
                  pattern: '^https?://[^\\s\\u0000]+$',
                },
                siteId: {
                  type: 'string',
                  minLength: 1,
                  maxLength: 200,
                  pattern: '^[^\\s\\u0000]+$',
                },
                dimensions: {
                  type: 'array',
                  description: 'The first is the identity (e.g. event:props:email)',
                  minItems: 1,
                  maxItems: 5,
                  items: {
                    type: 'string',
                    minLength: 1,
                    maxLength: 100,
                    pattern: '^[A-Za-z0-9_:.\\-]+$',
                  },
                },
                metrics: {
                  type: 'array',
                  minItems: 1,
                  maxItems: 10,
                  items: {
                    type: 'string',
                    minLength: 1,
                    maxLength: 50,
                    pattern: '^[A-Za-z0-9_]+$',
                  },
                },
                days: {
                  type: 'integer',
                  minimum: 1,
                  maximum: 730,
                },
              },
            },
            secrets: {
              type: 'object',
              additionalProperties: false,
              properties: {
                apiKey: {
                  type: 'string',
                  minLength: 1,
                  maxLength: 20000,
                  pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                },
              },
            },
          },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['kind', 'config'],
          properties: {
            kind: {
              type: 'string',
              const: 'matomo',
            },
            config: {
              type: 'object',
              additionalProperties: false,
              required: ['baseUrl', 'idSite', 'days'],
              properties: {
                baseUrl: {
                  type: 'string',
                  minLength: 1,
                  maxLength: 2048,
                  pattern: '^https?://[^\\s\\u0000]+$',
                },
                idSite: {
                  type: 'integer',
                  minimum: 1,
                },
                days: {
                  type: 'integer',
                  minimum: 1,
                  maximum: 730,
                },
              },
            },
            secrets: {
              type: 'object',
              additionalProperties: false,
              properties: {
                tokenAuth: {
                  type: 'string',
                  minLength: 1,
                  maxLength: 20000,
                  pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                },
              },
            },
          },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['kind', 'config'],
          properties: {
            kind: {
              type: 'string',
              const: 'brevo',
            },
            config: {
              type: 'object',
              additionalProperties: false,
              properties: {
                baseUrl: {
                  type: 'string',
                  minLength: 1,
                  maxLength: 2048,
                  pattern: '^https?://[^\\s\\u0000]+$',
                },
              },
            },
            secrets: {
              type: 'object',
              additionalProperties: false,
              properties: {
                apiKey: {
                  type: 'string',
                  minLength: 1,
                  maxLength: 20000,
                  pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                },
              },
            },
          },
        },
      ],
    },
    identity: {
      type: 'object',
      additionalProperties: false,
      required: ['column', 'matchKind', 'attributeId'],
      properties: {
        column: {
          type: 'string',
          minLength: 1,
          maxLength: 100,
          pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
        },
        matchKind: {
          type: 'string',
          enum: ['email', 'attribute'],
        },
        attributeId: {
          description: 'The contact attribute holding the external id, when matchKind is attribute',
          oneOf: [
            {
              type: 'integer',
              minimum: 1,
              maximum: 9007199254740991,
            },
            {
              type: 'null',
            },
          ],
        },
      },
    },
    target: {
      description: 'What the model predicts',
      oneOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: ['kind', 'column'],
          properties: {
            kind: {
              type: 'string',
              const: 'column',
            },
            column: {
              type: 'string',
              minLength: 1,
              maxLength: 100,
              pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
            },
            positiveValue: {
              description: 'For a probability, the value that counts as "yes" (default true, 1, yes)',
              type: 'string',
              maxLength: 200,
              pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
            },
          },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['kind', 'siteId', 'eventName', 'days'],
          properties: {
            kind: {
              type: 'string',
              const: 'event',
            },
            siteId: {
              type: 'integer',
              minimum: 1,
              maximum: 9007199254740991,
            },
            eventName: {
              type: 'string',
              description: 'The tracker event (or `page_view`) whose occurrence within `days` means "yes"',
              minLength: 1,
              maxLength: 100,
              pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
            },
            days: {
              type: 'integer',
              minimum: 1,
              maximum: 365,
            },
          },
        },
      ],
    },
    timeColumn: {
      description: 'A date column that orders rows; training validates on the newest rows when it is set',
      oneOf: [
        {
          type: 'string',
          minLength: 1,
          maxLength: 100,
          pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
        },
        {
          type: 'null',
        },
      ],
    },
    features: {
      type: 'array',
      maxItems: 200,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'type', 'used'],
        properties: {
          name: {
            type: 'string',
            minLength: 1,
            maxLength: 100,
            pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
          },
          type: {
            type: 'string',
            enum: ['numeric', 'categorical', 'boolean', 'date'],
          },
          used: {
            type: 'boolean',
          },
        },
      },
    },
    runMode: {
      description: 'When the model scores contacts',
      oneOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: ['mode'],
          properties: {
            mode: {
              type: 'string',
              enum: ['manual', 'realtime'],
            },
          },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['mode', 'pattern', 'timeZone'],
          properties: {
            mode: {
              type: 'string',
              const: 'scheduled',
            },
            pattern: {
              type: 'string',
              minLength: 9,
              maxLength: 200,
              pattern: '^[0-9*,/\\- ]+$',
            },
            timeZone: {
              type: 'string',
              minLength: 1,
              maxLength: 64,
              pattern: '^[A-Za-z0-9_+\\-/]+$',
            },
          },
        },
      ],
    },
    attributeName: {
      description: 'The contact attribute the scores go to (created as a number attribute when the model first trains)',
      type: 'string',
      minLength: 1,
      maxLength: 100,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
  },
} as const;

export const UserflowModel = {
  type: 'object',
  required: [
    'id',
    'name',
    'predictionType',
    'question',
    'status',
    'source',
    'identity',
    'target',
    'timeColumn',
    'features',
    'runMode',
    'attributeName',
    'attribute',
    'version',
    'metrics',
    'training',
    'error',
    'lastRun',
    'nextRunAt',
    'createdAt',
    'updatedAt',
  ],
  properties: {
    id: {
      type: 'integer',
    },
    name: {
      type: 'string',
    },
    predictionType: {
      type: 'string',
      description: 'shared/userflow.ts PREDICTION_TYPES',
      enum: ['probability', 'value'],
    },
    question: {
      type: 'string',
    },
    status: {
      type: 'string',
      description: 'shared/userflow.ts MODEL_STATUSES',
      enum: ['draft', 'training', 'ready', 'failed', 'paused'],
    },
    source: {
      oneOf: [
        {
          type: 'object',
          description: 'A data source as stored, without its secrets',
          required: ['kind', 'config', 'secretsSet'],
          properties: {
            kind: {
              type: 'string',
              description: 'shared/userflow.ts SOURCE_KINDS',
              enum: ['rest', 'file', 'ga4', 'userflow', 'postgres', 'mysql', 'hubspot', 'plausible', 'matomo', 'brevo'],
            },
            config: {
              description: "The kind's settings (the config of the matching UserflowSourceInput branch)",
              anyOf: [
                {
                  type: 'object',
                  additionalProperties: false,
                  required: ['url', 'authType', 'rowsPath', 'pagination'],
                  properties: {
                    url: {
                      type: 'string',
                      minLength: 1,
                      maxLength: 2048,
                      pattern: '^https?://[^\\s\\u0000]+$',
                    },
                    authType: {
                      type: 'string',
                      enum: ['none', 'bearer', 'header', 'basic'],
                    },
                    authHeaderName: {
                      type: 'string',
                      description:
                        'The header carrying the secret `authValue` when authType is header (e.g. X-Api-Key)',
                      maxLength: 100,
                      pattern: "^[A-Za-z0-9!#$%&'*+.^_`|~-]+$",
                    },
                    username: {
                      type: 'string',
                      maxLength: 200,
                      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                    },
                    rowsPath: {
                      type: 'string',
                      description:
                        'Dotted path to the array of rows in the JSON answer (`data.items`); empty when the answer is the array',
                      maxLength: 200,
                      pattern: '^[A-Za-z0-9_$.\\-]*$',
                    },
                    pagination: {
                      type: 'object',
                      additionalProperties: false,
                      required: ['type'],
                      properties: {
                        type: {
                          type: 'string',
                          enum: ['none', 'page', 'cursor'],
                        },
                        pageParam: {
                          type: 'string',
                          maxLength: 50,
                          pattern: '^[A-Za-z0-9_.\\-\\[\\]]+$',
                        },
                        perPageParam: {
                          type: 'string',
                          maxLength: 50,
                          pattern: '^[A-Za-z0-9_.\\-\\[\\]]+$',
                        },
                        perPage: {
                          type: 'integer',
                          minimum: 1,
                          maximum: 10000,
                        },
                        cursorParam: {
                          type: 'string',
                          maxLength: 50,
                          pattern: '^[A-Za-z0-9_.\\-\\[\\]]+$',
                        },
                        cursorPath: {
                          type: 'string',
                          description:
                            'Dotted path to the next cursor in the JSON answer; paging stops when it is empty',
                          maxLength: 200,
                          pattern: '^[A-Za-z0-9_$.\\-]*$',
                        },
                      },
                    },
                    sinceParam: {
                      type: 'string',
                      description:
                        'A query parameter the API filters by "changed since" (an ISO 8601 instant, e.g. updated_since): a realtime model then asks only for the records changed since its last read, instead of re-reading them all',
                      maxLength: 50,
                      pattern: '^[A-Za-z0-9_.\\-\\[\\]]+$',
                    },
                  },
                },
                {
                  type: 'object',
                  additionalProperties: false,
                  description: 'Set by the upload (uploadUserflowFile); a patch sends {} and keeps the file',
                  properties: {
                    fileName: {
                      type: ['string', 'null'],
                    },
                    rows: {
                      type: ['integer', 'null'],
                    },
                    uploadedAt: {
                      type: ['string', 'null'],
                      format: 'date-time',
                    },
                  },
                },
                {
                  type: 'object',
                  additionalProperties: false,
                  required: ['propertyId', 'dimensions', 'metrics', 'days'],
                  properties: {
                    propertyId: {
                      type: 'string',
                      minLength: 1,
                      maxLength: 30,
                      pattern: '^[0-9]+$',
                    },
                    dimensions: {
                      type: 'array',
                      description:
                        'GA4 dimensions; the first is the identity (e.g. customUser:email or a user id dimension)',
                      minItems: 1,
                      maxItems: 9,
                      items: {
                        type: 'string',
                        minLength: 1,
                        maxLength: 100,
                        pattern: '^[A-Za-z0-9_:]+$',
                      },
                    },
                    metrics: {
                      type: 'array',
                      minItems: 1,
                      maxItems: 10,
                      items: {
                        type: 'string',
                        minLength: 1,
                        maxLength: 100,
                        pattern: '^[A-Za-z0-9_:]+$',
                      },
                    },
                    days: {
                      type: 'integer',
                      minimum: 1,
                      maximum: 730,
                      description: 'The report covers the last N days',
                    },
                  },
                },
                {
                  type: 'object',
                  additionalProperties: false,
                  required: ['siteId', 'days'],
                  properties: {
                    siteId: {
                      type: 'integer',
                      minimum: 1,
                      maximum: 9007199254740991,
                    },
                    days: {
                      type: 'integer',
                      minimum: 1,
                      maximum: 1825,
                      description: 'Events of the last N days make the features',
                    },
                  },
                },
                {
                  type: 'object',
                  additionalProperties: false,
                  required: ['host', 'port', 'database', 'user'],
                  properties: {
                    host: {
                      type: 'string',
                      minLength: 1,
                      maxLength: 255,
                      pattern: '^[A-Za-z0-9.\\-:\\[\\]]+$',
                    },
                    port: {
                      type: 'integer',
                      minimum: 1,
                      maximum: 65535,
                    },
                    database: {
                      type: 'string',
                      minLength: 1,
                      maxLength: 100,
                      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                    },
                    user: {
                      type: 'string',
                      minLength: 1,
                      maxLength: 100,
                      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                    },
                    ssl: {
                      type: 'boolean',
                    },
                    table: {
                      type: 'string',
                      description: 'A table or view to read (schema.table); or give `query`',
                      maxLength: 200,
                      pattern: '^[A-Za-z_][A-Za-z0-9_$]*(\\.[A-Za-z_][A-Za-z0-9_$]*)?$',
                    },
                    query: {
                      type: 'string',
                      description: 'A SELECT, run in a read-only transaction',
                      maxLength: 10000,
                      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                    },
                    changesColumn: {
                      type: 'string',
                      description:
                        'A timestamp or increasing number column of the rows: a realtime model then scores only the rows whose value is at or past the last one it read, instead of re-reading the source',
                      minLength: 1,
                      maxLength: 100,
                      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                    },
                  },
                },
                {
                  type: 'object',
                  additionalProperties: false,
                  required: ['properties'],
                  properties: {
                    baseUrl: {
                      type: 'string',
                      minLength: 1,
                      maxLength: 2048,
                      pattern: '^https?://[^\\s\\u0000]+$',
                    },
                    properties: {
                      type: 'array',
                      description: 'Contact properties to read (email is always read)',
                      minItems: 1,
                      maxItems: 100,
                      items: {
                        type: 'string',
                        minLength: 1,
                        maxLength: 100,
                        pattern: '^[A-Za-z0-9_]+$',
                      },
                    },
                  },
                },
                {
                  type: 'object',
                  additionalProperties: false,
                  required: ['siteId', 'metrics', 'dimensions', 'days'],
                  properties: {
                    baseUrl: {
                      type: 'string',
                      minLength: 1,
                      maxLength: 2048,
                      pattern: '^https?://[^\\s\\u0000]+$',
                    },
                    siteId: {
                      type: 'string',
                      minLength: 1,
                      maxLength: 200,
                      pattern: '^[^\\s\\u0000]+$',
                    },
                    dimensions: {
                      type: 'array',
                      description: 'The first is the identity (e.g. event:props:email)',
                      minItems: 1,
                      maxItems: 5,
                      items: {
                        type: 'string',
                        minLength: 1,
                        maxLength: 100,
                        pattern: '^[A-Za-z0-9_:.\\-]+$',
                      },
                    },
                    metrics: {
                      type: 'array',
                      minItems: 1,
                      maxItems: 10,
                      items: {
                        type: 'string',
                        minLength: 1,
                        maxLength: 50,
                        pattern: '^[A-Za-z0-9_]+$',
                      },
                    },
                    days: {
                      type: 'integer',
                      minimum: 1,
                      maximum: 730,
                    },
                  },
                },
                {
                  type: 'object',
                  additionalProperties: false,
                  required: ['baseUrl', 'idSite', 'days'],
                  properties: {
                    baseUrl: {
                      type: 'string',
                      minLength: 1,
                      maxLength: 2048,
                      pattern: '^https?://[^\\s\\u0000]+$',
                    },
                    idSite: {
                      type: 'integer',
                      minimum: 1,
                    },
                    days: {
                      type: 'integer',
                      minimum: 1,
                      maximum: 730,
                    },
                  },
                },
                {
                  type: 'object',
                  additionalProperties: false,
                  properties: {
                    baseUrl: {
                      type: 'string',
                      minLength: 1,
                      maxLength: 2048,
                      pattern: '^https?://[^\\s\\u0000]+$',
                    },
                  },
                },
              ],
            },
            secretsSet: {
              type: 'array',
              description: 'The names of the secrets stored (their values are never sent back)',
              items: {
                type: 'string',
              },
            },
          },
        },
        {
          type: 'null',
        },
      ],
    },
    identity: {
      oneOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: ['column', 'matchKind', 'attributeId'],
          properties: {
            column: {
              type: 'string',
              minLength: 1,
              maxLength: 100,
              pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
            },
            matchKind: {
              type: 'string',
              enum: ['email', 'attribute'],
            },
            attributeId: {
              description: 'The contact attribute holding the external id, when matchKind is attribute',
              oneOf: [
                {
                  type: 'integer',
                  minimum: 1,
                  maximum: 9007199254740991,
                },
                {
                  type: 'null',
                },
              ],
            },
          },
        },
        {
          type: 'null',
        },
      ],
    },
    target: {
      oneOf: [
        {
          description: 'What the model predicts',
          oneOf: [
            {
              type: 'object',
              additionalProperties: false,
              required: ['kind', 'column'],
              properties: {
                kind: {
                  type: 'string',
                  const: 'column',
                },
                column: {
                  type: 'string',
                  minLength: 1,
                  maxLength: 100,
                  pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                },
                positiveValue: {
                  description: 'For a probability, the value that counts as "yes" (default true, 1, yes)',
                  type: 'string',
                  maxLength: 200,
                  pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                },
              },
            },
            {
              type: 'object',
              additionalProperties: false,
              required: ['kind', 'siteId', 'eventName', 'days'],
              properties: {
                kind: {
                  type: 'string',
                  const: 'event',
                },
                siteId: {
                  type: 'integer',
                  minimum: 1,
                  maximum: 9007199254740991,
                },
                eventName: {
                  type: 'string',
                  description: 'The tracker event (or `page_view`) whose occurrence within `days` means "yes"',
                  minLength: 1,
                  maxLength: 100,
                  pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
                },
                days: {
                  type: 'integer',
                  minimum: 1,
                  maximum: 365,
                },
              },
            },
          ],
        },
        {
          type: 'null',
        },
      ],
    },
    timeColumn: {
      type: ['string', 'null'],
    },
    features: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'type', 'used'],
        properties: {
          name: {
            type: 'string',
            minLength: 1,
            maxLength: 100,
            pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
          },
          type: {
            type: 'string',
            enum: ['numeric', 'categorical', 'boolean', 'date'],
          },
          used: {
            type: 'boolean',
          },
        },
      },
    },
    runMode: {
      description: 'When the model scores contacts',
      oneOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: ['mode'],
          properties: {
            mode: {
              type: 'string',
              enum: ['manual', 'realtime'],
            },
          },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['mode', 'pattern', 'timeZone'],
          properties: {
            mode: {
              type: 'string',
              const: 'scheduled',
            },
            pattern: {
              type: 'string',
              minLength: 9,
              maxLength: 200,
              pattern: '^[0-9*,/\\- ]+$',
            },
            timeZone: {
              type: 'string',
              minLength: 1,
              maxLength: 64,
              pattern: '^[A-Za-z0-9_+\\-/]+$',
            },
          },
        },
      ],
    },
    attributeName: {
      type: 'string',
      description: "The contact attribute's name the scores go to",
    },
    attribute: {
      description: 'The contact attribute holding the scores, once created',
      oneOf: [
        {
          type: 'object',
          required: ['id', 'name'],
          properties: {
            id: {
              type: 'integer',
            },
            name: {
              type: 'string',
            },
          },
        },
        {
          type: 'null',
        },
      ],
    },
    version: {
      type: ['integer', 'null'],
      description: "The latest trained version's number",
    },
    metrics: {
      description: "The latest version's validation metrics",
      oneOf: [
        {
          type: 'object',
          description:
            "Figures on the held-out validation rows. Probability models carry auc, thresholds and calibration; value models carry mae, rmse and r2. `baseline` holds the same figures for the naive prediction (the training rows' positive rate, or their mean).",
          required: [
            'predictionType',
            'algorithm',
            'choice',
            'split',
            'trainRows',
            'validationRows',
            'sampled',
            'positiveRate',
            'auc',
            'thresholds',
            'calibration',
            'mae',
            'rmse',
            'r2',
            'baseline',
            'importances',
          ],
          properties: {
            predictionType: {
              type: 'string',
              description: 'shared/userflow.ts PREDICTION_TYPES',
              enum: ['probability', 'value'],
            },
            algorithm: {
              type: 'string',
              enum: ['logistic_regression', 'random_forest', 'linear_regression', 'random_forest_regression'],
            },
            choice: {
              type: 'object',
              description: "Why this algorithm won; the other one's figure on the same validation rows",
              required: ['metric', 'chosen', 'otherAlgorithm', 'other'],
              properties: {
                metric: {
                  type: 'string',
                  enum: ['auc', 'rmse'],
                },
                chosen: {
                  type: 'number',
                },
                otherAlgorithm: {
                  type: 'string',
                  enum: ['logistic_regression', 'random_forest', 'linear_regression', 'random_forest_regression'],
                },
                other: {
                  type: 'number',
                },
              },
            },
            split: {
              type: 'string',
              enum: ['time', 'random'],
            },
            trainRows: {
              type: 'integer',
            },
            validationRows: {
              type: 'integer',
            },
            sampled: {
              type: 'boolean',
              description: 'The source had more rows than training reads; a random sample was used',
            },
            positiveRate: {
              type: ['number', 'null'],
              description: 'Share of "yes" in the training rows (probability)',
            },
            auc: {
              type: ['number', 'null'],
            },
            thresholds: {
              type: 'array',
              description: 'Precision and recall at thresholds 0.05 … 0.95 (probability)',
              items: {
                type: 'object',
                required: ['threshold', 'precision', 'recall'],
                properties: {
                  threshold: {
                    type: 'number',
                  },
                  precision: {
                    type: ['number', 'null'],
                  },
                  recall: {
                    type: 'number',
                  },
                },
              },
            },
            calibration: {
              type: 'array',
              description: 'Validation rows in 10 bins of predicted probability, predicted against observed rate',
              items: {
                type: 'object',
                required: ['from', 'to', 'count', 'predicted', 'observed'],
                properties: {
                  from: {
                    type: 'number',
                  },
                  to: {
                    type: 'number',
                  },
                  count: {
                    type: 'integer',
                  },
                  predicted: {
                    type: ['number', 'null'],
                  },
                  observed: {
                    type: ['number', 'null'],
                  },
                },
              },
            },
            mae: {
              type: ['number', 'null'],
            },
            rmse: {
              type: ['number', 'null'],
            },
            r2: {
              type: ['number', 'null'],
            },
            baseline: {
              type: 'object',
              required: ['auc', 'precision', 'mae', 'rmse', 'r2'],
              properties: {
                auc: {
                  type: ['number', 'null'],
                },
                precision: {
                  type: ['number', 'null'],
                  description: 'The precision of calling everyone "yes"',
                },
                mae: {
                  type: ['number', 'null'],
                },
                rmse: {
                  type: ['number', 'null'],
                },
                r2: {
                  type: ['number', 'null'],
                },
              },
            },
            importances: {
              type: 'array',
              description:
                'Features by importance (permutation importance on validation rows), highest first, summing to 1',
              items: {
                type: 'object',
                required: ['feature', 'importance'],
                properties: {
                  feature: {
                    type: 'string',
                  },
                  importance: {
                    type: 'number',
                  },
                },
              },
            },
          },
        },
        {
          type: 'null',
        },
      ],
    },
    training: {
      description: 'Set while training',
      oneOf: [
        {
          type: 'object',
          required: ['stage', 'percent'],
          properties: {
            stage: {
              type: 'string',
              enum: ['reading', 'encoding', 'training_linear', 'training_forest', 'evaluating', 'scoring'],
            },
            percent: {
              type: 'integer',
              minimum: 0,
              maximum: 100,
            },
          },
        },
        {
          type: 'null',
        },
      ],
    },
    error: {
      description: 'Why the latest training failed',
      oneOf: [
        {
          type: 'object',
          description: 'Why training, a run or a connector failed; `code` is one of shared/userflow.ts USERFLOW_ERRORS',
          required: ['code', 'message', 'detail'],
          properties: {
            code: {
              type: 'string',
            },
            message: {
              type: 'string',
              description: 'The English text of the code (the SPA translates the code)',
            },
            detail: {
              type: ['string', 'null'],
              description: 'What the peer said, cut to 300 characters',
            },
          },
        },
        {
          type: 'null',
        },
      ],
    },
    lastRun: {
      oneOf: [
        {
          type: 'object',
          required: [
            'id',
            'modelId',
            'version',
            'trigger',
            'status',
            'rows',
            'matched',
            'cleared',
            'incremental',
            'durationMs',
            'error',
            'createdAt',
            'startedAt',
            'finishedAt',
          ],
          properties: {
            id: {
              type: 'integer',
            },
            modelId: {
              type: 'integer',
            },
            version: {
              type: ['integer', 'null'],
            },
            trigger: {
              type: 'string',
              enum: ['manual', 'realtime', 'scheduled', 'training'],
            },
            status: {
              type: 'string',
              enum: ['queued', 'running', 'finished', 'failed'],
            },
            rows: {
              type: 'integer',
              description: 'Rows read from the source',
            },
            matched: {
              type: 'integer',
              description: 'Contacts scored',
            },
            cleared: {
              type: 'integer',
              description:
                'Contacts whose score this run removed because it did not score them (they left the source or no longer match); a full run that succeeded only',
            },
            incremental: {
              type: 'boolean',
              description:
                "The run scored only the rows changed since the model's cursor (a realtime poll of a source with a changes column); it clears no scores",
            },
            durationMs: {
              type: ['integer', 'null'],
            },
            error: {
              oneOf: [
                {
                  type: 'object',
                  description:
                    'Why training, a run or a connector failed; `code` is one of shared/userflow.ts USERFLOW_ERRORS',
                  required: ['code', 'message', 'detail'],
                  properties: {
                    code: {
                      type: 'string',
                    },
                    message: {
                      type: 'string',
                      description: 'The English text of the code (the SPA translates the code)',
                    },
                    detail: {
                      type: ['string', 'null'],
                      description: 'What the peer said, cut to 300 characters',
                    },
                  },
                },
                {
                  type: 'null',
                },
              ],
            },
            createdAt: {
              type: 'string',
              format: 'date-time',
            },
            startedAt: {
              type: ['string', 'null'],
              format: 'date-time',
            },
            finishedAt: {
              type: ['string', 'null'],
              format: 'date-time',
            },
          },
        },
        {
          type: 'null',
        },
      ],
    },
    nextRunAt: {
      type: ['string', 'null'],
      format: 'date-time',
      description: 'The next scheduled run, when scheduled',
    },
    createdAt: {
      type: 'string',
      format: 'date-time',
    },
    updatedAt: {
      type: 'string',
      format: 'date-time',
    },
  },
} as const;

export const UserflowMetrics = {
  type: 'object',
  description:
    "Figures on the held-out validation rows. Probability models carry auc, thresholds and calibration; value models carry mae, rmse and r2. `baseline` holds the same figures for the naive prediction (the training rows' positive rate, or their mean).",
  required: [
    'predictionType',
    'algorithm',
    'choice',
    'split',
    'trainRows',
    'validationRows',
    'sampled',
    'positiveRate',
    'auc',
    'thresholds',
    'calibration',
    'mae',
    'rmse',
    'r2',
    'baseline',
    'importances',
  ],
  properties: {
    predictionType: {
      type: 'string',
      description: 'shared/userflow.ts PREDICTION_TYPES',
      enum: ['probability', 'value'],
    },
    algorithm: {
      type: 'string',
      enum: ['logistic_regression', 'random_forest', 'linear_regression', 'random_forest_regression'],
    },
    choice: {
      type: 'object',
      description: "Why this algorithm won; the other one's figure on the same validation rows",
      required: ['metric', 'chosen', 'otherAlgorithm', 'other'],
      properties: {
        metric: {
          type: 'string',
          enum: ['auc', 'rmse'],
        },
        chosen: {
          type: 'number',
        },
        otherAlgorithm: {
          type: 'string',
          enum: ['logistic_regression', 'random_forest', 'linear_regression', 'random_forest_regression'],
        },
        other: {
          type: 'number',
        },
      },
    },
    split: {
      type: 'string',
      enum: ['time', 'random'],
    },
    trainRows: {
      type: 'integer',
    },
    validationRows: {
      type: 'integer',
    },
    sampled: {
      type: 'boolean',
      description: 'The source had more rows than training reads; a random sample was used',
    },
    positiveRate: {
      type: ['number', 'null'],
      description: 'Share of "yes" in the training rows (probability)',
    },
    auc: {
      type: ['number', 'null'],
    },
    thresholds: {
      type: 'array',
      description: 'Precision and recall at thresholds 0.05 … 0.95 (probability)',
      items: {
        type: 'object',
        required: ['threshold', 'precision', 'recall'],
        properties: {
          threshold: {
            type: 'number',
          },
          precision: {
            type: ['number', 'null'],
          },
          recall: {
            type: 'number',
          },
        },
      },
    },
    calibration: {
      type: 'array',
      description: 'Validation rows in 10 bins of predicted probability, predicted against observed rate',
      items: {
        type: 'object',
        required: ['from', 'to', 'count', 'predicted', 'observed'],
        properties: {
          from: {
            type: 'number',
          },
          to: {
            type: 'number',
          },
          count: {
            type: 'integer',
          },
          predicted: {
            type: ['number', 'null'],
          },
          observed: {
            type: ['number', 'null'],
          },
        },
      },
    },
    mae: {
      type: ['number', 'null'],
    },
    rmse: {
      type: ['number', 'null'],
    },
    r2: {
      type: ['number', 'null'],
    },
    baseline: {
      type: 'object',
      required: ['auc', 'precision', 'mae', 'rmse', 'r2'],
      properties: {
        auc: {
          type: ['number', 'null'],
        },
        precision: {
          type: ['number', 'null'],
          description: 'The precision of calling everyone "yes"',
        },
        mae: {
          type: ['number', 'null'],
        },
        rmse: {
          type: ['number', 'null'],
        },
        r2: {
          type: ['number', 'null'],
        },
      },
    },
    importances: {
      type: 'array',
      description: 'Features by importance (permutation importance on validation rows), highest first, summing to 1',
      items: {
        type: 'object',
        required: ['feature', 'importance'],
        properties: {
          feature: {
            type: 'string',
          },
          importance: {
            type: 'number',
          },
        },
      },
    },
  },
} as const;

export const UserflowModelVersion = {
  type: 'object',
  required: ['id', 'version', 'algorithm', 'metrics', 'durationMs', 'createdAt'],
  properties: {
    id: {
      type: 'integer',
    },
    version: {
      type: 'integer',
    },
    algorithm: {
      type: 'string',
      enum: ['logistic_regression', 'random_forest', 'linear_regression', 'random_forest_regression'],
    },
    metrics: {
      type: 'object',
      description:
        "Figures on the held-out validation rows. Probability models carry auc, thresholds and calibration; value models carry mae, rmse and r2. `baseline` holds the same figures for the naive prediction (the training rows' positive rate, or their mean).",
      required: [
        'predictionType',
        'algorithm',
        'choice',
        'split',
        'trainRows',
        'validationRows',
        'sampled',
        'positiveRate',
        'auc',
        'thresholds',
        'calibration',
        'mae',
        'rmse',
        'r2',
        'baseline',
        'importances',
      ],
      properties: {
        predictionType: {
          type: 'string',
          description: 'shared/userflow.ts PREDICTION_TYPES',
          enum: ['probability', 'value'],
        },
        algorithm: {
          type: 'string',
          enum: ['logistic_regression', 'random_forest', 'linear_regression', 'random_forest_regression'],
        },
        choice: {
          type: 'object',
          description: "Why this algorithm won; the other one's figure on the same validation rows",
          required: ['metric', 'chosen', 'otherAlgorithm', 'other'],
          properties: {
            metric: {
              type: 'string',
              enum: ['auc', 'rmse'],
            },
            chosen: {
              type: 'number',
            },
            otherAlgorithm: {
              type: 'string',
              enum: ['logistic_regression', 'random_forest', 'linear_regression', 'random_forest_regression'],
            },
            other: {
              type: 'number',
            },
          },
        },
        split: {
          type: 'string',
          enum: ['time', 'random'],
        },
        trainRows: {
          type: 'integer',
        },
        validationRows: {
          type: 'integer',
        },
        sampled: {
          type: 'boolean',
          description: 'The source had more rows than training reads; a random sample was used',
        },
        positiveRate: {
          type: ['number', 'null'],
          description: 'Share of "yes" in the training rows (probability)',
        },
        auc: {
          type: ['number', 'null'],
        },
        thresholds: {
          type: 'array',
          description: 'Precision and recall at thresholds 0.05 … 0.95 (probability)',
          items: {
            type: 'object',
            required: ['threshold', 'precision', 'recall'],
            properties: {
              threshold: {
                type: 'number',
              },
              precision: {
                type: ['number', 'null'],
              },
              recall: {
                type: 'number',
              },
            },
          },
        },
        calibration: {
          type: 'array',
          description: 'Validation rows in 10 bins of predicted probability, predicted against observed rate',
          items: {
            type: 'object',
            required: ['from', 'to', 'count', 'predicted', 'observed'],
            properties: {
              from: {
                type: 'number',
              },
              to: {
                type: 'number',
              },
              count: {
                type: 'integer',
              },
              predicted: {
                type: ['number', 'null'],
              },
              observed: {
                type: ['number', 'null'],
              },
            },
          },
        },
        mae: {
          type: ['number', 'null'],
        },
        rmse: {
          type: ['number', 'null'],
        },
        r2: {
          type: ['number', 'null'],
        },
        baseline: {
          type: 'object',
          required: ['auc', 'precision', 'mae', 'rmse', 'r2'],
          properties: {
            auc: {
              type: ['number', 'null'],
            },
            precision: {
              type: ['number', 'null'],
              description: 'The precision of calling everyone "yes"',
            },
            mae: {
              type: ['number', 'null'],
            },
            rmse: {
              type: ['number', 'null'],
            },
            r2: {
              type: ['number', 'null'],
            },
          },
        },
        importances: {
          type: 'array',
          description:
            'Features by importance (permutation importance on validation rows), highest first, summing to 1',
          items: {
            type: 'object',
            required: ['feature', 'importance'],
            properties: {
              feature: {
                type: 'string',
              },
              importance: {
                type: 'number',
              },
            },
          },
        },
      },
    },
    durationMs: {
      type: 'integer',
    },
    createdAt: {
      type: 'string',
      format: 'date-time',
    },
  },
} as const;

export const UserflowRun = {
  type: 'object',
  required: [
    'id',
    'modelId',
    'version',
    'trigger',
    'status',
    'rows',
    'matched',
    'cleared',
    'incremental',
    'durationMs',
    'error',
    'createdAt',
    'startedAt',
    'finishedAt',
  ],
  properties: {
    id: {
      type: 'integer',
    },
    modelId: {
      type: 'integer',
    },
    version: {
      type: ['integer', 'null'],
    },
    trigger: {
      type: 'string',
      enum: ['manual', 'realtime', 'scheduled', 'training'],
    },
    status: {
      type: 'string',
      enum: ['queued', 'running', 'finished', 'failed'],
    },
    rows: {
      type: 'integer',
      description: 'Rows read from the source',
    },
    matched: {
      type: 'integer',
      description: 'Contacts scored',
    },
    cleared: {
      type: 'integer',
      description:
        'Contacts whose score this run removed because it did not score them (they left the source or no longer match); a full run that succeeded only',
    },
    incremental: {
      type: 'boolean',
      description:
        "The run scored only the rows changed since the model's cursor (a realtime poll of a source with a changes column); it clears no scores",
    },
    durationMs: {
      type: ['integer', 'null'],
    },
    error: {
      oneOf: [
        {
          type: 'object',
          description: 'Why training, a run or a connector failed; `code` is one of shared/userflow.ts USERFLOW_ERRORS',
          required: ['code', 'message', 'detail'],
          properties: {
            code: {
              type: 'string',
            },
            message: {
              type: 'string',
              description: 'The English text of the code (the SPA translates the code)',
            },
            detail: {
              type: ['string', 'null'],
              description: 'What the peer said, cut to 300 characters',
            },
          },
        },
        {
          type: 'null',
        },
      ],
    },
    createdAt: {
      type: 'string',
      format: 'date-time',
    },
    startedAt: {
      type: ['string', 'null'],
      format: 'date-time',
    },
    finishedAt: {
      type: ['string', 'null'],
      format: 'date-time',
    },
  },
} as const;

export const UserflowSourceTest = {
  type: 'object',
  required: ['ok', 'rows', 'error'],
  properties: {
    ok: {
      type: 'boolean',
    },
    rows: {
      type: 'integer',
      description: 'Rows read in the first page',
    },
    error: {
      oneOf: [
        {
          type: 'object',
          description: 'Why training, a run or a connector failed; `code` is one of shared/userflow.ts USERFLOW_ERRORS',
          required: ['code', 'message', 'detail'],
          properties: {
            code: {
              type: 'string',
            },
            message: {
              type: 'string',
              description: 'The English text of the code (the SPA translates the code)',
            },
            detail: {
              type: ['string', 'null'],
              description: 'What the peer said, cut to 300 characters',
            },
          },
        },
        {
          type: 'null',
        },
      ],
    },
  },
} as const;

export const UserflowSourceColumn = {
  type: 'object',
  required: ['name', 'type', 'sample', 'nulls'],
  properties: {
    name: {
      type: 'string',
    },
    type: {
      type: 'string',
      enum: ['numeric', 'categorical', 'boolean', 'date'],
    },
    sample: {
      type: 'array',
      items: {
        type: 'string',
      },
      description: 'Up to 3 distinct values seen, as text',
    },
    nulls: {
      type: 'number',
      description: 'Share of empty values in the sample',
    },
  },
} as const;

export const UserflowSourceSchema = {
  type: 'object',
  required: ['columns', 'sampleRows', 'suggested'],
  properties: {
    columns: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'type', 'sample', 'nulls'],
        properties: {
          name: {
            type: 'string',
          },
          type: {
            type: 'string',
            enum: ['numeric', 'categorical', 'boolean', 'date'],
          },
          sample: {
            type: 'array',
            items: {
              type: 'string',
            },
            description: 'Up to 3 distinct values seen, as text',
          },
          nulls: {
            type: 'number',
            description: 'Share of empty values in the sample',
          },
        },
      },
    },
    sampleRows: {
      type: 'integer',
    },
    suggested: {
      type: 'object',
      description: 'Guesses the wizard starts from',
      required: ['identityColumn', 'matchKind', 'timeColumn'],
      properties: {
        identityColumn: {
          type: ['string', 'null'],
        },
        matchKind: {
          type: 'string',
          enum: ['email', 'attribute'],
        },
        timeColumn: {
          type: ['string', 'null'],
        },
      },
    },
  },
} as const;

export const UserflowCell = {
  type: ['string', 'number', 'boolean', 'null'],
} as const;

export const UserflowSourcePreview = {
  type: 'object',
  required: ['columns', 'rows'],
  properties: {
    columns: {
      type: 'array',
      items: {
        type: 'string',
      },
    },
    rows: {
      type: 'array',
      items: {
        type: 'array',
        items: {
          type: ['string', 'number', 'boolean', 'null'],
        },
      },
    },
  },
} as const;

export const UserflowMatchRate = {
  type: 'object',
  required: ['sampleRows', 'withIdentity', 'matched', 'rate'],
  properties: {
    sampleRows: {
      type: 'integer',
    },
    withIdentity: {
      type: 'integer',
      description: 'Rows whose identity column is not empty',
    },
    matched: {
      type: 'integer',
    },
    rate: {
      type: 'number',
      description: 'matched / sampleRows, 0 when the sample is empty',
    },
  },
} as const;

export const UserflowScoreHistogram = {
  type: 'object',
  required: ['scored', 'min', 'max', 'bins'],
  properties: {
    scored: {
      type: 'integer',
    },
    min: {
      type: ['number', 'null'],
    },
    max: {
      type: ['number', 'null'],
    },
    bins: {
      type: 'array',
      items: {
        type: 'object',
        required: ['from', 'to', 'count'],
        properties: {
          from: {
            type: 'number',
          },
          to: {
            type: 'number',
          },
          count: {
            type: 'integer',
          },
        },
      },
    },
  },
} as const;

export const UserflowScoredContact = {
  type: 'object',
  required: ['contactId', 'email', 'firstName', 'lastName', 'score'],
  properties: {
    contactId: {
      type: 'integer',
    },
    email: {
      type: ['string', 'null'],
    },
    firstName: {
      type: ['string', 'null'],
    },
    lastName: {
      type: ['string', 'null'],
    },
    score: {
      type: 'number',
    },
  },
} as const;

export const UserflowSegmentInput = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'threshold'],
  properties: {
    name: {
      type: 'string',
      minLength: 1,
      maxLength: 100,
      pattern: '^[^\\u0000\\uD800-\\uDFFF]*$',
    },
    threshold: {
      type: 'number',
      minimum: -1000000000000,
      maximum: 1000000000000,
      description: 'Scores above this',
    },
  },
} as const;

export const UserflowPredictionFile = {
  type: 'object',
  required: ['part', 'rows', 'url'],
  properties: {
    part: {
      type: 'integer',
    },
    rows: {
      type: 'integer',
    },
    url: {
      type: 'string',
      description: 'Signed link to the file, valid for one hour',
    },
  },
} as const;
