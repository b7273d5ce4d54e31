import { AwsJsonClient, type AwsJsonOptions, dynamoDbProtocol } from '@wattle/aws-json';
import type { DocumentCommand } from './commands.ts';

export type DocumentClientOptions = AwsJsonOptions;

/**
 * The store's DynamoDB client: lib-dynamodb's document commands (commands.ts) over DynamoDB's JSON
 * protocol (@wattle/aws-json), in place of @aws-sdk/client-dynamodb + lib-dynamodb.
 */
export class DocumentClient {
  private readonly json: AwsJsonClient;

  constructor(options: DocumentClientOptions = {}) {
    this.json = new AwsJsonClient(dynamoDbProtocol, options);
  }

  /** One document command: its input marshalled, sent (retried as the SDK would), its output read. */
  async send<Input, Output>(command: DocumentCommand<Input, Output>): Promise<Output> {
    return command.read(await this.call(command.operation, command.wire()));
  }

  /** One DynamoDB operation, input and output as DynamoDB's JSON (where the bench records calls). */
  call(operation: string, input: object): Promise<Record<string, unknown>> {
    return this.json.call(operation, input);
  }

  /** Closes the kept-alive connections (a process that stops its stack). */
  destroy(): void {
    this.json.destroy();
  }
}
