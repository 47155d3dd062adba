import { Body, Container, Head, Heading, Hr, Html, Preview, render, Section, Text } from '@react-email/components';
import type { MailContent } from './content';

const page = { backgroundColor: '#f4f6f8', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' };
const card = { backgroundColor: '#ffffff', border: '1px solid #dde3ea', borderRadius: 8, maxWidth: 560, padding: '24px 32px' };
const heading = { color: '#1a2b3c', fontSize: 20, fontWeight: 600, margin: '0 0 16px' };
const paragraph = { color: '#23313f', fontSize: 14, lineHeight: '22px', margin: '0 0 12px', whiteSpace: 'pre-line' as const };
const label = { color: '#5b6b7b', fontSize: 13, padding: '2px 16px 2px 0', verticalAlign: 'top' as const, whiteSpace: 'nowrap' as const };
const value = { color: '#23313f', fontSize: 13, padding: '2px 0' };

/** The one HTML layout of the portal's mails: the subject as heading, then the content's blocks. */
function MailLayout({ content }: { content: MailContent }) {
  const facts = (content.facts ?? []).filter(([, v]) => v !== null);
  const list = content.list;
  return (
    <Html lang="en">
      <Head />
      <Preview>{content.subject}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Heading as="h1" style={heading}>
            {content.subject}
          </Heading>
          {content.greeting ? <Text style={paragraph}>{content.greeting}</Text> : null}
          {content.paragraphs.map((text, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static paragraphs, never reordered
            <Text key={i} style={paragraph}>
              {text}
            </Text>
          ))}
          {facts.length > 0 ? (
            <Section>
              <table role="presentation" cellPadding={0} cellSpacing={0}>
                <tbody>
                  {facts.map(([name, v]) => (
                    <tr key={name}>
                      <td style={label}>{name}</td>
                      <td style={value}>{v}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Section>
          ) : null}
          {list && list.items.length > 0 ? (
            <Section>
              <Text style={{ ...paragraph, fontWeight: 600, margin: '16px 0 4px' }}>{list.title}</Text>
              <ol style={{ ...paragraph, paddingLeft: 20 }}>
                {list.items.map((item, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the list's order is its meaning
                  <li key={i}>{item}</li>
                ))}
              </ol>
            </Section>
          ) : list?.empty ? (
            <Text style={paragraph}>{list.empty}</Text>
          ) : null}
          {(content.closing ?? []).length > 0 ? <Hr style={{ borderColor: '#dde3ea', margin: '16px 0' }} /> : null}
          {(content.closing ?? []).map((text, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static paragraphs, never reordered
            <Text key={i} style={paragraph}>
              {text}
            </Text>
          ))}
        </Container>
      </Body>
    </Html>
  );
}

/** The HTML body of a mail (React Email renders it to static markup; React escapes every value). */
export function mailHtml(content: MailContent): Promise<string> {
  return render(<MailLayout content={content} />);
}
