import { defineMessage, defineMessages } from 'react-intl';

/** Labels of the data sources' settings in step-1, keyed by the field's name (modelWizard.sources.ts). */
export const sourceFieldText = defineMessages({
  url: { id: 'screen.userflow.source.field.url', defaultMessage: 'URL of the rows' },
  authType: { id: 'screen.userflow.source.field.authType', defaultMessage: 'Authentication' },
  authHeaderName: { id: 'screen.userflow.source.field.authHeaderName', defaultMessage: 'Header name' },
  username: { id: 'screen.userflow.source.field.username', defaultMessage: 'User name' },
  authValue: { id: 'screen.userflow.source.field.authValue', defaultMessage: 'Token or key' },
  password: { id: 'screen.userflow.source.field.password', defaultMessage: 'Password' },
  rowsPath: {
    id: 'screen.userflow.source.field.rowsPath',
    defaultMessage: 'JSON path to the rows (empty when the answer is the list)',
  },
  'pagination.type': { id: 'screen.userflow.source.field.pagination.type', defaultMessage: 'Pagination' },
  'pagination.pageParam': {
    id: 'screen.userflow.source.field.pagination.pageParam',
    defaultMessage: 'Page number parameter',
  },
  'pagination.perPageParam': {
    id: 'screen.userflow.source.field.pagination.perPageParam',
    defaultMessage: 'Page size parameter',
  },
  'pagination.perPage': { id: 'screen.userflow.source.field.pagination.perPage', defaultMessage: 'Rows per page' },
  'pagination.cursorParam': {
    id: 'screen.userflow.source.field.pagination.cursorParam',
    defaultMessage: 'Cursor parameter',
  },
  'pagination.cursorPath': {
    id: 'screen.userflow.source.field.pagination.cursorPath',
    defaultMessage: 'JSON path to the next cursor',
  },
  sinceParam: {
    id: 'screen.userflow.source.field.sinceParam',
    defaultMessage: '"Changed since" parameter (optional, for realtime runs)',
  },
  propertyId: { id: 'screen.userflow.source.field.propertyId', defaultMessage: 'GA4 property id' },
  dimensions: {
    id: 'screen.userflow.source.field.dimensions',
    defaultMessage: 'Dimensions (the first identifies the person)',
  },
  metrics: { id: 'screen.userflow.source.field.metrics', defaultMessage: 'Metrics' },
  days: { id: 'screen.userflow.source.field.days', defaultMessage: 'Days of history to read' },
  serviceAccountJson: {
    id: 'screen.userflow.source.field.serviceAccountJson',
    defaultMessage: 'Service account key (JSON)',
  },
  siteId: { id: 'screen.userflow.source.field.siteId', defaultMessage: 'Site' },
  host: { id: 'screen.userflow.source.field.host', defaultMessage: 'Server' },
  port: { id: 'screen.userflow.source.field.port', defaultMessage: 'Port' },
  database: { id: 'screen.userflow.source.field.database', defaultMessage: 'Database' },
  user: { id: 'screen.userflow.source.field.user', defaultMessage: 'User' },
  ssl: { id: 'screen.userflow.source.field.ssl', defaultMessage: 'Connect with TLS' },
  table: { id: 'screen.userflow.source.field.table', defaultMessage: 'Table or view' },
  query: { id: 'screen.userflow.source.field.query', defaultMessage: 'Or a read-only query' },
  changesColumn: { id: 'screen.userflow.source.field.changesColumn', defaultMessage: 'Changes column (optional)' },
  baseUrl: { id: 'screen.userflow.source.field.baseUrl', defaultMessage: 'Server URL' },
  properties: { id: 'screen.userflow.source.field.properties', defaultMessage: 'Contact properties to read' },
  accessToken: { id: 'screen.userflow.source.field.accessToken', defaultMessage: 'Private app access token' },
  apiKey: { id: 'screen.userflow.source.field.apiKey', defaultMessage: 'API key' },
  idSite: { id: 'screen.userflow.source.field.idSite', defaultMessage: 'Site id' },
  tokenAuth: { id: 'screen.userflow.source.field.tokenAuth', defaultMessage: 'Authentication token' },
});

/** The choices of the select fields, keyed `<field>.<value>`. */
export const sourceOptionText = defineMessages({
  'authType.none': { id: 'screen.userflow.source.option.authType.none', defaultMessage: 'None' },
  'authType.bearer': { id: 'screen.userflow.source.option.authType.bearer', defaultMessage: 'Bearer token' },
  'authType.header': { id: 'screen.userflow.source.option.authType.header', defaultMessage: 'Key in a header' },
  'authType.basic': { id: 'screen.userflow.source.option.authType.basic', defaultMessage: 'User name and password' },
  'pagination.type.none': { id: 'screen.userflow.source.option.pagination.none', defaultMessage: 'One answer' },
  'pagination.type.page': { id: 'screen.userflow.source.option.pagination.page', defaultMessage: 'Page numbers' },
  'pagination.type.cursor': {
    id: 'screen.userflow.source.option.pagination.cursor',
    defaultMessage: 'A cursor in each answer',
  },
});

export const sourceFormText = {
  ...defineMessages({
    required: { id: 'screen.userflow.source.required', defaultMessage: 'Required' },
    integer: { id: 'screen.userflow.source.integer', defaultMessage: 'A whole number' },
    listHelp: { id: 'screen.userflow.source.listHelp', defaultMessage: 'Separate names with commas.' },
    secretStored: {
      id: 'screen.userflow.source.secretStored',
      defaultMessage: 'Stored — leave empty to keep it, or type a new one.',
    },
    secretHelp: {
      id: 'screen.userflow.source.secretHelp',
      defaultMessage: 'Kept encrypted on the server and never shown again.',
    },
    changesHelp: {
      id: 'screen.userflow.source.changesHelp',
      defaultMessage:
        'A date-time or ever-increasing number: a realtime model then scores only the rows changed since its last run.',
    },
    changesUntested: {
      id: 'screen.userflow.source.changesUntested',
      defaultMessage: 'Test the connection to pick one of the columns.',
    },
    tableOrQuery: {
      id: 'screen.userflow.source.tableOrQuery',
      defaultMessage: 'Give a table or a query.',
    },
    incomplete: {
      id: 'screen.userflow.source.incomplete',
      defaultMessage: 'Fill in the required settings to save the source and test the connection.',
    },
    connectedTitle: { id: 'screen.userflow.source.connectedTitle', defaultMessage: 'Connected' },
    refusedTitle: { id: 'screen.userflow.source.refusedTitle', defaultMessage: 'The connection did not work' },
  }),
  peerSaid: defineMessage<{ detail: string }>({
    id: 'screen.userflow.source.peerSaid',
    defaultMessage: 'The source said: {detail}',
  }),
};
