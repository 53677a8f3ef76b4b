import type { TemplateStarter } from '../../../shared/templates.ts';

/** What every starter ends with: the unsubscribe link a marketing email must carry, and the web version. */
const FOOTER = `    <mj-section>
      <mj-column>
        <mj-text align="center" font-size="12px" color="#868e96">
          <a href="{{ mirror_url }}">View in your browser</a> ·
          <a href="{{ unsubscribe_url }}">Unsubscribe</a>
        </mj-text>
      </mj-column>
    </mj-section>`;

/**
 * The MJML a new email template starts from. The editor builds its components from this source the first time it
 * opens a template (the stored design is null until the first save).
 */
export const EMAIL_STARTERS: Record<TemplateStarter, string> = {
  blank: `<mjml>
  <mj-body>
    <mj-section>
      <mj-column>
        <mj-text>Hello {{ contact.first_name | default: "there" }},</mj-text>
      </mj-column>
    </mj-section>
${FOOTER}
  </mj-body>
</mjml>`,
  newsletter: `<mjml>
  <mj-body background-color="#f1f3f5">
    <mj-section background-color="#ffffff">
      <mj-column>
        <mj-text font-size="24px" font-weight="bold">Our news this month</mj-text>
        <mj-text>Hello {{ contact.first_name | default: "there" }}, here is what happened.</mj-text>
        <mj-divider border-color="#dee2e6" />
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff">
      <mj-column>
        <mj-text font-weight="bold">First story</mj-text>
        <mj-text>Tell your readers about it.</mj-text>
      </mj-column>
      <mj-column>
        <mj-text font-weight="bold">Second story</mj-text>
        <mj-text>And about this one.</mj-text>
      </mj-column>
    </mj-section>
${FOOTER}
  </mj-body>
</mjml>`,
  announcement: `<mjml>
  <mj-body>
    <mj-section background-color="#228be6">
      <mj-column>
        <mj-text align="center" font-size="28px" color="#ffffff">Big news</mj-text>
      </mj-column>
    </mj-section>
    <mj-section>
      <mj-column>
        <mj-text>Hello {{ contact.first_name | default: "there" }}, we have something to show you.</mj-text>
        <mj-button href="https://example.com">Find out more</mj-button>
      </mj-column>
    </mj-section>
${FOOTER}
  </mj-body>
</mjml>`,
};

/** Other channels keep plain text: their starters are one greeting. */
export const TEXT_STARTER = 'Hello {{ contact.first_name | default: "there" }}';
