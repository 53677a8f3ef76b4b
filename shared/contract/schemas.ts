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
    phoneNumber: {
      type: ['string', 'null'],
    },
    language: {
      type: 'string',
    },
    role: {
      type: 'string',
      enum: ['owner', 'admin', 'member'],
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
