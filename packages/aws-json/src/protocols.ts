/**
 * The AWS services the functions call, each by its JSON protocol: the signing name, the target
 * prefix of `X-Amz-Target` and the content type. Their endpoints: AWS_ENDPOINT_URL_<SERVICE>
 * (DynamoDB Local and the SQS emulator locally), else AWS_ENDPOINT_URL, else the regional one.
 */
export interface JsonProtocol {
  service: 'dynamodb' | 'kms' | 'sqs';
  targetPrefix: string;
  contentType: string;
}

export const dynamoDbProtocol: JsonProtocol = {
  service: 'dynamodb',
  targetPrefix: 'DynamoDB_20120810',
  contentType: 'application/x-amz-json-1.0',
};

export const kmsProtocol: JsonProtocol = {
  service: 'kms',
  targetPrefix: 'TrentService',
  contentType: 'application/x-amz-json-1.1',
};

/** SQS's JSON protocol (the SDK's since 2023; the query protocol before). */
export const sqsProtocol: JsonProtocol = {
  service: 'sqs',
  targetPrefix: 'AmazonSQS',
  contentType: 'application/x-amz-json-1.0',
};
