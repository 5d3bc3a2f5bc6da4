// Questions the chatbot could not answer, or answered with low confidence (issue 12): what the
// visitor typed, the page they were on and when. No IP, user agent, session or visitor id: nothing
// personal beyond what the visitor typed. Kept within a row and day limit by a daily job.
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('chatbot_questions', (t) => {
    t.increments('id').primary()
    t.string('question', 300).notNullable()
    // Lower case, single spaces, no trailing punctuation: how the generator and trends group questions.
    t.string('question_key', 300).notNullable()
    t.string('page', 500).notNullable()
    // 'none' (no answer shown) or 'low' (an answer shown, below the confidence score).
    t.string('confidence', 10).notNullable()
    t.string('top_url', 500).nullable()
    t.float('top_score').nullable()
    t.timestamp('asked_at', { useTz: true }).notNullable()
    t.index(['asked_at'], 'chatbot_questions_asked_idx')
    t.index(['question_key', 'asked_at'], 'chatbot_questions_key_idx')
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('chatbot_questions')
}
