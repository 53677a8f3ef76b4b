/** The mail telling a user that too many wrong passwords or codes locked their account for a while. */
export function lockoutMail(input: { productName: string; firstName: string; language: string; minutes: number }): {
  subject: string;
  text: string;
} {
  const { productName, firstName, minutes } = input;
  if (input.language === 'it') {
    return {
      subject: `Accesso a ${productName} bloccato per ${minutes} minuti`,
      text:
        `Ciao ${firstName},\n\nsono stati inseriti troppi codici o password errati per il tuo account ${productName}, ` +
        `quindi l'accesso e le modifiche che li richiedono sono sospesi per ${minutes} minuti.\n\n` +
        `Se non sei stato tu, cambia la password appena possibile e attiva l'autenticazione a due fattori.`,
    };
  }
  return {
    subject: `Your ${productName} account is locked for ${minutes} minutes`,
    text:
      `Hello ${firstName},\n\nToo many wrong passwords or codes were entered for your ${productName} account, ` +
      `so signing in and changes that need them are paused for ${minutes} minutes.\n\n` +
      `If this was not you, change your password as soon as you can and turn on two-factor authentication.`,
  };
}
