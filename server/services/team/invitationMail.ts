/** The invitation email in the inviter's language (English or Italian), plain text like the password-reset mail. */
export function invitationMail(input: {
  language: 'en' | 'it';
  inviter: string;
  company: string;
  productName: string;
  role: string;
  link: string;
}): { subject: string; text: string } {
  const { inviter, company, productName, link } = input;
  if (input.language === 'it') {
    const role = { admin: 'amministratore', editor: 'editor', viewer: 'lettore' }[input.role] ?? input.role;
    return {
      subject: `${inviter || company} ti ha invitato in ${company} su ${productName}`,
      text:
        `Ciao,\n\n${inviter || 'Un collega'} ti ha invitato a far parte del team ${company} su ${productName} ` +
        `con il ruolo di ${role}.\n\nPer accettare apri questo link entro 7 giorni:\n${link}\n\n` +
        `Se non ti aspettavi questo invito, ignora questa email.`,
    };
  }
  return {
    subject: `${inviter || company} invited you to join ${company} on ${productName}`,
    text:
      `Hello,\n\n${inviter || 'A colleague'} invited you to join the ${company} team on ${productName} ` +
      `as ${input.role === 'admin' ? 'an' : 'a'} ${input.role}.\n\nTo accept, open this link within 7 days:\n${link}\n\n` +
      `If you did not expect this invitation, ignore this email.`,
  };
}
