"""Every function of every version has documentation, and its forms match the implementations."""
from hot_ls.language import language
from hot_ls.language.function_docs import DOCS


def test_every_function_and_condition_function_is_documented():
    lang = language()
    names = set(lang.all_function_names) | set(lang.all_condition_function_names)
    assert names - set(DOCS) == set()


def test_forms_are_keyed_by_real_implementations():
    lang = language()
    impls = {info.impl for v in lang.hot_versions for info in v.functions.values()}
    for doc in DOCS.values():
        for key in doc.signatures:
            assert key == '*' or key in impls, (doc.name, key)


def test_version_specific_forms():
    get_attr = DOCS['get_attr']
    assert [s.label for s in get_attr.forms('GetAtt')] == [
        'get_attr: [<resource_name>, <attribute_name>, <key/index>...]']
    assert len(get_attr.forms('GetAttAllAttributes')) == 2
    assert DOCS['list_join'].forms('Join')[0].parameters == ('delimiter', 'list')
    assert DOCS['if'].forms('IfNullable')[0].documentation[2].startswith('Optional')
