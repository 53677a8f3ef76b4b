import { defineMessage, defineMessages } from 'react-intl';

export const invitationMessages = defineMessages({
  heading: defineMessage<{ company: string }>({ id: 'screen.invitation.heading', defaultMessage: 'Join {company}' }),
  offer: defineMessage<{ company: string; role: string; email: string }>({
    id: 'screen.invitation.offer',
    defaultMessage: 'You were invited to join the {company} team as {role}, with the address {email}.',
  }),
  invitedBy: defineMessage<{ name: string; company: string }>({
    id: 'screen.invitation.invitedBy',
    defaultMessage: '{name} of {company} invited you.',
  }),
  expires: defineMessage<{ date: string }>({
    id: 'screen.invitation.expires',
    defaultMessage: 'This invitation is valid until {date}.',
  }),
  checking: { id: 'screen.invitation.checking', defaultMessage: 'Checking the invitation…' },
  firstName: { id: 'screen.invitation.firstName', defaultMessage: 'First name' },
  lastName: { id: 'screen.invitation.lastName', defaultMessage: 'Last name' },
  nameRequired: { id: 'screen.invitation.nameRequired', defaultMessage: 'This field is required.' },
  password: { id: 'screen.invitation.password', defaultMessage: 'Password' },
  confirmation: { id: 'screen.invitation.confirmation', defaultMessage: 'Confirm the password' },
  submit: { id: 'screen.invitation.submit', defaultMessage: 'Join the team' },
  invalidLink: {
    id: 'screen.invitation.invalidLink',
    defaultMessage:
      'This invitation has expired, was revoked or was already used. Ask the person who invited you for a new one.',
  },
  emailTaken: {
    id: 'screen.invitation.emailTaken',
    defaultMessage:
      'This address already has an account with another team. Log in with it, or ask for an invitation to another address.',
  },
  lookupFailed: {
    id: 'screen.invitation.lookupFailed',
    defaultMessage: 'The invitation could not be checked. Please try again.',
  },
  acceptFailed: {
    id: 'screen.invitation.acceptFailed',
    defaultMessage: 'Failed to join the team. Please try again.',
  },
  tooManyRequests: {
    id: 'screen.invitation.tooManyRequests',
    defaultMessage: 'Too many attempts. Wait a few minutes and try again.',
  },
});
