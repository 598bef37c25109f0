import Fastify from 'fastify';

/**
 * The HTTP limit: a bare Fastify route shaped like POST /api/v1/transmissions that parses the
 * JSON body, counts the recipients and answers like SparkPost, with no auth, storage or rendering;
 * and one shaped like a public form's submit.
 * Run as a child process: PORT=<port> node tests/bench/bare-fastify.ts
 */
interface TransmissionBody {
  recipients?: unknown[];
}

const app = Fastify({ logger: false, bodyLimit: 10 * 1024 * 1024 });
let sequence = 0;

app.post<{ Body: TransmissionBody }>('/api/v1/transmissions', async (request, reply) => {
  const recipients = Array.isArray(request.body?.recipients) ? request.body.recipients.length : 0;
  if (recipients === 0) return reply.code(422).send({ errors: [{ message: 'recipients are required' }] });
  sequence += 1;
  return {
    results: { total_rejected_recipients: 0, total_accepted_recipients: recipients, id: String(sequence) },
  };
});

/** The peer of a public form submission: parse the JSON answers, answer as our submit does, keep nothing. */
app.post<{ Body: { answers?: Record<string, unknown> } }>(
  '/embed/forms/:id/submit',
  async (request, reply) => {
    if (typeof request.body?.answers !== 'object') return reply.code(400).send({ code: 'validation' });
    return {
      data: { message: 'Thank you! Your answers were received.', redirectUrl: null, confirmation: false },
    };
  },
);

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
console.log(`bare Fastify listening on ${process.env.PORT}`);

const close = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', close);
process.on('SIGINT', close);
