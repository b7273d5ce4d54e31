"""moto_server, made to authorise requests as AWS does (npm run test:deploy).

    python3 scripts/moto/launch.py -H 127.0.0.1 -p PORT

moto 5.2.1 checks a caller's IAM policies once its auth is on (POST /moto-api/reset-auth), but
not quite as AWS does, which would make a rehearsal pass where AWS refuses. The changes:

- DynamoDB: moto authorises every action against resource `*`, and a transaction as one
  `dynamodb:TransactWriteItems` action. AWS authorises each item of a transaction as its own
  action (PutItem, UpdateItem, DeleteItem, ConditionCheckItem; GetItem in TransactGetItems) on
  its table's ARN, a batch on each table it names, and a Query or Scan of an index on the
  index's ARN (`table/T/index/I`). Here each of those is checked.
- DynamoDB Streams: moto authorises against `*`; AWS against the stream's ARN (from StreamArn, or
  the shard iterator). Here the stream's ARN.
- KMS: moto authorises against `*`; AWS against the key's ARN (from KeyId, or for Decrypt from
  the ciphertext). Here the key's ARN.
- Secrets Manager: moto authorises against `*`; AWS against the secret's ARN (from SecretId, a
  name or an ARN). Here the secret's ARN.
- SQS: moto authorises SendMessageBatch, DeleteMessageBatch and ChangeMessageVisibilityBatch as
  actions of their own; AWS has no such IAM actions and authorises each as SendMessage,
  DeleteMessage and ChangeMessageVisibility on the queue. Here as AWS does.
- Conditions: moto treats an Allow statement whose Condition does not hold as an explicit Deny;
  in AWS such a statement simply does not apply (a role allowed the table key only through
  DynamoDB, `kms:ViaService`, may still use the card key). Here it does not apply. moto passes
  no request context to identity policies, so no condition ever holds: a grant that needs one is
  never used by a direct call, as in AWS for `kms:ViaService`.

moto's DynamoDB is also made to answer one request at a time (its transactions are not
thread-safe), to back a transaction up once per table rather than once per item (it took
seconds, past the SDK's request timeout, on a table of a few thousand items) and without the
table's stream records (a cancelled transaction takes back the records it added), and to honour a
transaction's ClientRequestToken as AWS does (a retry of a transaction that was written succeeds
and writes nothing again).

Every refusal is printed to stdout as one line, `moto-denied {"principal","action","resource"}`,
so the rehearsal can say which role was refused what. S3, STS and IAM keep moto's own checks
(S3 already passes the object's ARN, SQS the queue's). Key policies and bucket policies
are not evaluated by moto at all.
"""

import base64
import copy
import json
import sys
import threading
import time
from urllib.parse import urlparse

from moto import settings
from moto.core.authorization import ActionAuthenticatorMixin
from moto.dynamodb import models as dynamodb_models
from moto.dynamodb.exceptions import ERROR_TYPE_PREFIX, DynamodbException
from moto.dynamodb.models import DynamoDBBackend
from moto.dynamodb.models.table import Table
from moto.dynamodb.responses import DynamoHandler
from moto.dynamodbstreams.responses import DynamoDBStreamsHandler
from moto.iam import access_control
from moto.iam.access_control import IAMRequest, PermissionResult
from moto.kms.models import kms_backends
from moto.kms.responses import KmsResponse
from moto.kms.utils import _deserialize_ciphertext_blob
from moto.secretsmanager.models import secretsmanager_backends
from moto.secretsmanager.responses import SecretsManagerResponse
from moto.server import main
from moto.sqs.responses import SQSResponse


def request_body(handler):
    """The JSON request's body (some handlers have parsed it already)."""
    if isinstance(handler.body, dict):
        return handler.body
    return json.loads(handler.body or "{}")


printing = threading.Lock()


def print_denial(principal, action, resource):
    line = json.dumps({"principal": principal, "action": action, "resource": resource})
    # The server answers on several threads: one write per line, never two at once.
    with printing:
        sys.stdout.write(f"moto-denied {line}\n")
        sys.stdout.flush()


def authorise(handler, checks):
    """moto's check (signature once, then each action on its resource), for a list of checks."""
    if ActionAuthenticatorMixin.request_count < settings.INITIAL_NO_AUTH_ACTION_COUNT:
        ActionAuthenticatorMixin.request_count += 1
        return
    url = urlparse(handler.uri)
    request = IAMRequest(
        account_id=handler.current_account,
        method=handler.method,
        path=url.path + (f"?{url.query}" if url.query else ""),
        data=handler.data,
        body=handler.raw_body,
        headers=handler.headers,
        action=handler._get_action(),
    )
    request.check_signature()
    service = request._action.split(":")[0]
    for action, resource in checks:
        request._action = f"{service}:{action}"
        request.check_action_permitted(resource)


# --- DynamoDB: each item's action on its table or index ---------------------------------------

transact_write_actions = {
    "Put": "PutItem",
    "Update": "UpdateItem",
    "Delete": "DeleteItem",
    "ConditionCheck": "ConditionCheckItem",
}


def dynamodb_checks(handler):
    action = handler._get_action()
    body = request_body(handler)

    def table_arn(name):
        if name.startswith("arn:"):
            return name
        return f"arn:{handler.partition}:dynamodb:{handler.region}:{handler.current_account}:table/{name}"

    if action == "TransactWriteItems":
        checks = []
        for item in body.get("TransactItems", []):
            for kind, item_action in transact_write_actions.items():
                if kind in item:
                    checks.append((item_action, table_arn(item[kind]["TableName"])))
        return checks
    if action == "TransactGetItems":
        return [("GetItem", table_arn(item["Get"]["TableName"])) for item in body.get("TransactItems", [])]
    if action in ("BatchGetItem", "BatchWriteItem"):
        return [(action, table_arn(name)) for name in body.get("RequestItems", {})]
    if "TableName" not in body:
        return [(action, "*")]
    arn = table_arn(body["TableName"])
    if action in ("Query", "Scan") and body.get("IndexName"):
        arn = f"{arn}/index/{body['IndexName']}"
    return [(action, arn)]


def dynamodb_authorise(self, resource="*"):
    authorise(self, dynamodb_checks(self))


DynamoHandler._authenticate_and_authorize_normal_action = dynamodb_authorise

# moto's DynamoDB is not safe across the server's threads: a transaction deep-copies the tables it
# may roll back while another request writes them ("dictionary changed size during iteration", a
# 500 AWS never gives). DynamoDB requests are answered one at a time.
dynamodb_lock = threading.Lock()
dynamodb_call_action = DynamoHandler.call_action


def dynamodb_call_action_alone(self):
    with dynamodb_lock:
        return dynamodb_call_action(self)


DynamoHandler.call_action = dynamodb_call_action_alone

# moto backs a transaction up by deep-copying the whole table once per item of the transaction
# (stream records included): a 20-item transaction on a used table takes seconds, past the SDK's
# request timeout. One copy per table and transaction is the same backup. The copy leaves out the
# table's stream, which only grows: it shares the stream's shard, and a rolled-back transaction
# takes back the records it added (most of the copy's time was the stream's records, copied at
# every transaction though no transaction changes one already written).


class TableCopiedOnce:
    def __init__(self):
        self.copies = None
        self.streams = None

    def deepcopy(self, value, memo=None):
        if self.copies is not None and isinstance(value, Table):
            if id(value) not in self.copies:
                shard = value.stream_shard
                shared = {} if shard is None else {id(shard): shard}
                self.copies[id(value)] = copy.deepcopy(value, shared)
                if shard is not None:
                    self.streams.append((shard, len(shard.items)))
            return self.copies[id(value)]
        return copy.deepcopy(value, memo)

    def __getattr__(self, name):
        return getattr(copy, name)


table_copies = TableCopiedOnce()
dynamodb_models.copy = table_copies
transact_write_items = DynamoDBBackend.transact_write_items


def transact_write_items_copying_once(self, transact_items):
    table_copies.copies = {}
    table_copies.streams = []
    try:
        return transact_write_items(self, transact_items)
    except Exception:
        # moto put the copies back in place of the tables: their shared shards drop the records
        # the transaction added, and belong to the tables put back.
        for shard, length in table_copies.streams:
            del shard.items[length:]
            for table in self.tables.values():
                if table.stream_shard is shard:
                    shard.table = table
        raise
    finally:
        table_copies.copies = None
        table_copies.streams = None


DynamoDBBackend.transact_write_items = transact_write_items_copying_once

# AWS makes TransactWriteItems idempotent by its ClientRequestToken, which the SDK sends with every
# transaction and keeps across the call's retries: for ten minutes after a transaction with a
# token was written, a request with that token succeeds and writes nothing again (with other items,
# IdempotentParameterMismatchException). moto ignores the token, so when moto answered an attempt
# after the SDK's request timeout (a slow machine), the SDK's retry failed its own conditions: a
# webhook's delivery lease taken and then refused to its own taker, held on until it ran out.
idempotency_window_seconds = 600
written_transactions = {}  # token -> (the items as sent, when written, the answer)


class IdempotentParameterMismatch(DynamodbException):
    def __init__(self):
        super().__init__(
            ERROR_TYPE_PREFIX + "IdempotentParameterMismatchException",
            "The request uses the same client token as a previous, but non-identical request.",
        )


handle_transact_write_items = DynamoHandler.transact_write_items


def transact_write_items_idempotent(self):
    # Called under dynamodb_lock (call_action), one request at a time.
    token = self.body.get("ClientRequestToken")
    if not token:
        return handle_transact_write_items(self)
    now = time.monotonic()
    for old in [t for t, (_, at, _) in written_transactions.items() if now - at > idempotency_window_seconds]:
        del written_transactions[old]
    # The parsed request: binary attributes arrive as bytes, which JSON cannot write as such.
    items = json.dumps(self.body["TransactItems"], sort_keys=True, default=repr)
    if token in written_transactions:
        written_items, _, answer = written_transactions[token]
        if written_items != items:
            raise IdempotentParameterMismatch()
        return answer
    answer = handle_transact_write_items(self)
    written_transactions[token] = (items, now, answer)
    return answer


DynamoHandler.transact_write_items = transact_write_items_idempotent


# --- DynamoDB Streams: the stream's ARN ------------------------------------------------------


def streams_authorise(self, resource="*"):
    body = request_body(self)
    # A shard iterator names its stream before its first "|" (moto's, as AWS's).
    stream_arn = body.get("StreamArn") or (body.get("ShardIterator") or "*").split("|")[0]
    authorise(self, [(self._get_action(), stream_arn)])


DynamoDBStreamsHandler._authenticate_and_authorize_normal_action = streams_authorise


# --- KMS: the key's ARN ----------------------------------------------------------------------


def kms_key_arn(handler):
    body = request_body(handler)
    backend = kms_backends[handler.current_account][handler.region]
    key_id = body.get("KeyId") or body.get("DestinationKeyId")
    if not key_id and body.get("CiphertextBlob"):
        key_id = _deserialize_ciphertext_blob(base64.b64decode(body["CiphertextBlob"])).key_id
    if not key_id:
        return "*"
    try:
        return backend.describe_key(key_id).arn
    except Exception:
        # A key that does not exist: moto's handler answers NotFoundException after the check.
        return "*"


def kms_authorise(self, resource="*"):
    authorise(self, [(self._get_action(), kms_key_arn(self))])


KmsResponse._authenticate_and_authorize_normal_action = kms_authorise


# --- Secrets Manager: the secret's ARN -------------------------------------------------------


def secret_arn(handler):
    secret_id = request_body(handler).get("SecretId")
    if not secret_id:
        return "*"
    secret = secretsmanager_backends[handler.current_account][handler.region].secrets.get(secret_id)
    # A secret that does not exist: moto's handler answers ResourceNotFoundException after the check.
    return secret.arn if secret else "*"


def secrets_authorise(self, resource="*"):
    authorise(self, [(self._get_action(), secret_arn(self))])


SecretsManagerResponse._authenticate_and_authorize_normal_action = secrets_authorise


# --- SQS: a batch is authorised as its single action -----------------------------------------

sqs_batch_actions = {
    "SendMessageBatch": "SendMessage",
    "DeleteMessageBatch": "DeleteMessage",
    "ChangeMessageVisibilityBatch": "ChangeMessageVisibility",
}


def sqs_authorise(self, resource="*"):
    action = self._get_action()
    authorise(self, [(sqs_batch_actions.get(action, action), resource)])


SQSResponse._authenticate_and_authorize_normal_action = sqs_authorise


# --- Conditions: an Allow whose condition does not hold does not apply -------------------------

statement_permitted = access_control.IAMPolicyStatement.is_action_permitted


def is_action_permitted(self, action, resource="*", principal=None, incoming_condition_values=None):
    if self._statement.get("Condition") and not self._check_conditions(incoming_condition_values):
        return PermissionResult.NEUTRAL
    return statement_permitted(self, action, resource, principal, incoming_condition_values)


access_control.IAMPolicyStatement.is_action_permitted = is_action_permitted


# --- Refusals, printed -------------------------------------------------------------------------

for request_class in (access_control.IAMRequest, access_control.S3IAMRequest):
    original_check = request_class.check_action_permitted
    original_raise = request_class._raise_access_denied

    def check_action_permitted(self, resource, _check=original_check):
        self._checked_resource = resource
        return _check(self, resource)

    def raise_access_denied(self, _raise=original_raise):
        print_denial(self._access_key.arn, self._action, getattr(self, "_checked_resource", "*"))
        return _raise(self)

    request_class.check_action_permitted = check_action_permitted
    request_class._raise_access_denied = raise_access_denied


if __name__ == "__main__":
    main(sys.argv[1:])
