#!/usr/bin/env python3
"""Helper of bench/reference-paths.sh: DocC's page paths versus a Galley site.

  reference-paths.py targets DESCRIBE_JSON PACKAGE_DIR
      the Swift library targets of `swift package describe --type json`, one a
      line: NAME<TAB>CATALOG (CATALOG: the target's first *.docc folder, or empty)
  reference-paths.py docc-pages DOCC_OUTPUT
      the pages `docc convert` wrote (DOCC_OUTPUT/data/documentation/**/*.json),
      one a line: PATH<TAB>CLASS, PATH lowercased like `documentation/logging/logger`
      and CLASS one of symbol, implementations (a generated "<Protocol>
      Implementations" page), article
  reference-paths.py predict GRAPH_DIR MODULE
      the symbol and "Implementations" pages that the rules of bench/docc-paths.md
      give for the symbol graphs of MODULE in GRAPH_DIR, one path a line
  reference-paths.py compare WORK SITE
      the report: WORK/docc/<target>/pages.tsv (DocC) against the pages of SITE
      (SITE/documentation/<module>/<path>/index.html)
  reference-paths.py fake-site WORK SITE
      writes a fake Galley site with exactly DocC's pages (to check the report)
"""
import glob
import json
import os
import re
import sys
from collections import Counter, defaultdict

# ---------------------------------------------------------------- targets


def targets(describe_json, package_dir):
    with open(describe_json) as f:
        described = json.load(f)
    for target in described.get('targets', []):
        if target.get('type') != 'library' or target.get('module_type') != 'SwiftTarget':
            continue
        root = os.path.join(package_dir, target['path'])
        catalog = ''
        for dirpath, dirnames, _ in os.walk(root):
            dirnames.sort()
            found = [d for d in dirnames if d.lower().endswith('.docc')]
            if found:
                catalog = os.path.join(dirpath, found[0])
                break
        print(f"{target['name']}\t{catalog}")

# ---------------------------------------------------------------- DocC's pages


def docc_pages(output):
    data = os.path.join(output, 'data')
    for file in sorted(glob.glob(os.path.join(data, 'documentation', '**', '*.json'), recursive=True)):
        path = os.path.relpath(file, data)[:-len('.json')]
        with open(file) as f:
            page = json.load(f)
        url = page.get('identifier', {}).get('url', '')
        if page.get('kind') == 'symbol':
            kind = 'symbol'
        elif url.endswith('-Implementations') and page.get('metadata', {}).get('roleHeading') == 'API Collection':
            kind = 'implementations'
        else:
            kind = 'article'
        print(f'{path}\t{kind}')

# ---------------------------------------------------------------- the rules of docc-paths.md

# Foundation's CharacterSet.urlPathAllowed (ASCII only; ';' is not in it).
URL_PATH_ALLOWED = frozenset("!$&'()*+,-./0123456789:=@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~")
HIERARCHY = {'memberOf', 'optionalMemberOf', 'requirementOf', 'optionalRequirementOf',
             'extensionTo', 'inContextOf', 'declaredIn'}


def symbol_file_name(name):
    """Every Unicode scalar outside urlPathAllowed, and '/', becomes '_'."""
    return ''.join(c if c in URL_PATH_ALLOWED and c != '/' else '_' for c in name)


def stable_hash(text):
    """FNV-1 (32 bits) of the UTF-8 bytes, folded to 24 bits, base 36, lowercase, unpadded."""
    h = 0x811c9dc5
    for byte in text.encode('utf-8'):
        h = (h * 0x01000193) & 0xffffffff
        h ^= byte
    value = (h >> 24) ^ (h & 0xffffff)
    digits = '0123456789abcdefghijklmnopqrstuvwxyz'
    out = ''
    while True:
        value, rest = divmod(value, 36)
        out = digits[rest] + out
        if value == 0:
            return out


class Node:
    def __init__(self, usr, symbol, kind):
        self.usr = usr
        self.symbol = symbol
        self.name = symbol['pathComponents'][-1] if symbol else usr
        self.kind = kind  # without the language: "struct", "type.property", "struct.extension"
        self.parent = None
        self.children = []
        self.disfavored = '::SYNTHESIZED::' in usr

    def adopt(self, child):
        if child.parent is None:
            child.parent = self
            self.children.append(child)


def to_extended_types(graph, extended_module):
    """DocC's transformation of an extension graph (MODULE@EXTENDED.symbols.json) with
    swift.extension blocks: one "extended type" symbol per extended type, one
    "extended module" symbol, all path components prefixed with the extended module."""
    symbols = {s['identifier']['precise']: s for s in graph['symbols']}
    blocks = {usr: s for usr, s in symbols.items() if s['kind']['identifier'] == 'swift.extension'}
    if not blocks:
        return False
    for s in symbols.values():
        s['pathComponents'] = [extended_module] + s['pathComponents']
    kept, extension_to, members = [], [], []
    for r in graph['relationships']:
        if r['kind'] == 'extensionTo' and r['source'] in blocks:
            extension_to.append(r)
        elif r['kind'] == 'memberOf' and r['target'] in blocks:
            members.append(r)
        elif not (r['kind'] == 'conformsTo' and r['source'] in blocks):
            kept.append(r)
    for usr in blocks:
        del symbols[usr]
    extended, block_to_type, id_of_target = {}, {}, {}
    kinds = {'swift.struct': 'struct', 'swift.class': 'class', 'swift.enum': 'enum', 'swift.protocol': 'protocol'}
    for r in sorted(extension_to, key=lambda r: r['source']):
        block = blocks[r['source']]
        # the extended type's identifier: the smallest USR of the blocks that extend it
        usr = id_of_target.setdefault(r['target'], block['identifier']['precise'])
        if usr not in extended:
            kind = kinds.get((block.get('swiftExtension') or {}).get('typeKind'), 'unknown')
            extended[usr] = {'identifier': {'precise': usr}, 'pathComponents': block['pathComponents'],
                             'kind': {'identifier': f'swift.{kind}.extension'}}
        block_to_type[r['source']] = usr
    by_path = {tuple(s['pathComponents']): usr for usr, s in extended.items()}
    in_context = []
    for usr in sorted(extended, key=lambda u: (len(extended[u]['pathComponents']), u)):
        symbol = extended[usr]
        components = symbol['pathComponents'][:-1]
        connected = False
        while len(components) > 1:  # an "unknown extended type" for each missing outer type
            parent = by_path.get(tuple(components))
            if parent is None:
                parent = 's:e:' + symbol['identifier']['precise']
                extended[parent] = {'identifier': {'precise': parent}, 'pathComponents': list(components),
                                    'kind': {'identifier': 'swift.unknown.extension'}}
                by_path[tuple(components)] = parent
            if not connected:
                in_context.append({'kind': 'inContextOf', 'source': symbol['identifier']['precise'], 'target': parent})
                connected = True
            symbol = extended[parent]
            components = components[:-1]
    for r in members:
        r['target'] = block_to_type.get(r['target'], r['target'])
    top = sorted(usr for usr, s in extended.items() if len(s['pathComponents']) == 2)
    if top:
        module_usr = 's:m:' + top[0]
        symbols[module_usr] = {'identifier': {'precise': module_usr}, 'pathComponents': [extended_module],
                               'kind': {'identifier': 'swift.module.extension'}}
        kept += [{'kind': 'declaredIn', 'source': usr, 'target': module_usr} for usr in top]
    symbols.update(extended)
    graph['symbols'] = list(symbols.values())
    graph['relationships'] = kept + members + in_context
    return True


def predict(graph_dir, module):
    def load(path):
        with open(path) as f:
            return json.load(f)
    graphs = [load(p) for p in glob.glob(os.path.join(graph_dir, module + '.symbols.json'))]
    extension_graphs = []
    for path in sorted(glob.glob(os.path.join(graph_dir, module + '@*.symbols.json'))):
        graph = load(path)
        extended_module = os.path.basename(path)[len(module) + 1:-len('.symbols.json')]
        if to_extended_types(graph, extended_module):
            extension_graphs.append(graph)
    graphs += extension_graphs  # without extension blocks DocC drops those symbols
    nodes, relationships = {}, []
    for graph in graphs:
        for s in graph['symbols']:
            usr = s['identifier']['precise']
            if usr not in nodes:
                kind = s['kind']['identifier']
                nodes[usr] = Node(usr, s, kind.split('.', 1)[1] if '.' in kind else kind)
        relationships += graph['relationships']
    root = Node(module, None, 'module')
    for r in relationships:
        source, target = nodes.get(r['source']), nodes.get(r['target'])
        if r['kind'] in HIERARCHY and source and target:
            components = source.symbol['pathComponents']
            if len(components) > 1 and components[-2] == target.name:
                target.adopt(source)
    for r in relationships:
        source = nodes.get(r['source'])
        if r['kind'] == 'defaultImplementationOf' and source:
            source.disfavored = True
            requirement = nodes.get(r['target'])
            if requirement and requirement.parent:
                requirement.parent.adopt(source)
    for node in nodes.values():
        if node.parent is None and len(node.symbol['pathComponents']) == 1:
            root.adopt(node)

    paths = {}

    def descend(node, path):
        groups = defaultdict(list)
        for child in node.children:
            groups[symbol_file_name(child.name.lower())].append(child)
        for group in groups.values():
            suffixes = {}
            if len(group) > 1:
                per_kind = Counter(child.kind for child in group)
                for child in group:
                    suffixes[child.usr] = ('-swift.' + child.kind) if per_kind[child.kind] == 1 else '-' + stable_hash(child.usr)
                favored = [child for child in group if not child.disfavored]
                if len(favored) == 1:
                    suffixes[favored[0].usr] = ''
            for child in group:
                child_path = path + '/' + symbol_file_name(child.name) + suffixes.get(child.usr, '')
                paths[child.usr] = child_path
                descend(child, child_path)

    paths[module] = '/documentation/' + module
    descend(root, paths[module])

    def trim(node):  # extended types and modules without a member page have no page
        alive = [child for child in node.children if trim(child)]
        if node.kind.endswith('extension') and not alive:
            paths.pop(node.usr, None)
            return False
        return True
    trim(root)

    pages = set(paths.values())
    symbols = {usr: node.symbol for usr, node in nodes.items()}
    for r in relationships:  # "<Protocol> Implementations" collections of inherited members
        origin = r.get('sourceOrigin')
        if r['kind'] != 'memberOf' or not origin or r['source'] not in paths or r['target'] not in paths:
            continue
        child = symbols[r['source']]
        if 'swiftExtension' not in child:
            continue
        origin_symbol = symbols.get(origin['identifier'])
        name = child['pathComponents'][-1]
        if origin_symbol and len(origin_symbol['pathComponents']) > 1:
            provider = origin_symbol['pathComponents'][-2]
        elif len(origin['displayName']) > len(name) + 1:
            provider = origin['displayName'][:-(len(name) + 1)].split('.')[-1]
        else:
            provider = origin['displayName'].split('.')[-2]
        pages.add(paths[r['target']] + '/' + re.sub(r"[^!$&'()*+,\-./0-9:=@A-Z_a-z~]", '-', provider + ' Implementations'))

    def file_safe(path):
        components = []
        for c in path.strip('/').split('/'):
            if c.startswith('.'):
                c = "'" + c
            if len(c) >= 240:
                c = c[:240] + '-' + stable_hash(c)
            components.append(c)
        path = '/' + '/'.join(components)
        if len(path) >= 880:
            path = path[:880] + '-' + stable_hash(path)
        return path.lstrip('/').lower()
    for path in sorted(file_safe(p) for p in pages):
        print(path)

# ---------------------------------------------------------------- comparison


def read_docc(work):
    pages, times = {}, {}
    for tsv in sorted(glob.glob(os.path.join(work, 'docc', '*', 'pages.tsv'))):
        target = os.path.basename(os.path.dirname(tsv))
        with open(tsv) as f:
            for line in f:
                path, kind = line.rstrip('\n').split('\t')
                pages[path] = kind
        time_file = os.path.join(os.path.dirname(tsv), 'time')
        if os.path.exists(time_file):
            with open(time_file) as f:
                times[target] = float(f.read().strip() or 0)
    return pages, times


def read_site(site):
    found = set()
    root = os.path.join(site, 'documentation')
    for dirpath, _, filenames in os.walk(root):
        if 'index.html' in filenames:
            rel = os.path.relpath(dirpath, site).replace(os.sep, '/')
            if rel.count('/') >= 1:  # documentation/<module>[/...]; not documentation/ itself
                found.add(rel)
    return found


def percent(part, whole):
    return f'{100.0 * part / whole:.1f}%' if whole else 'n/a'


def compare(work, site):
    docc, times = read_docc(work)
    galley = read_site(site) if os.path.isdir(site) else set()
    same = {p for p in docc if p in galley}
    module = lambda p: p.split('/')[1]
    print(f'{"module":<32} {"DocC":>6} {"Galley":>7} {"same path":>16}')
    for name in sorted({module(p) for p in docc} | {module(p) for p in galley}):
        d = [p for p in docc if module(p) == name]
        g = [p for p in galley if module(p) == name]
        s = sum(1 for p in d if p in galley)
        print(f'{name:<32} {len(d):>6} {len(g):>7} {s:>7} {"(" + percent(s, len(d)) + ")":>8}')
    by_kind = Counter(docc.values())
    kinds = ', '.join(f'{by_kind[k]} {k}' for k in ('symbol', 'implementations', 'article') if by_kind[k])
    print(f'DocC pages: {len(docc)} ({kinds})')
    print(f'Galley pages: {len(galley)}' + ('' if os.path.isdir(site) else f' ({site} does not exist)'))
    print(f'DocC pages with a Galley page at the same path: {len(same)} of {len(docc)} ({percent(len(same), len(docc))})')
    for kind in ('symbol', 'implementations', 'article'):
        if by_kind[kind]:
            hit = sum(1 for p in same if docc[p] == kind)
            print(f'  {kind}: {hit} of {by_kind[kind]} ({percent(hit, by_kind[kind])})')
    missing = sorted(p for p in docc if p not in galley)
    extra = sorted(galley - set(docc))
    print(f'missing (DocC pages without a Galley page), {min(20, len(missing))} of {len(missing)}:')
    for p in missing[:20]:
        print(f'  {p}  [{docc[p]}]')
    print(f'extra (Galley pages DocC does not have), {min(20, len(extra))} of {len(extra)}:')
    for p in extra[:20]:
        print(f'  {p}')
    if times:
        detail = ', '.join(f'{t} {s:.1f} s' for t, s in sorted(times.items()))
        print(f'docc convert: {sum(times.values()):.1f} s ({detail})')
    checks = sorted(glob.glob(os.path.join(work, 'docc', '*', 'predicted.txt')))
    if checks:
        predicted = set()
        for file in checks:
            with open(file) as f:
                predicted |= {line.strip() for line in f if line.strip()}
        generated = {p for p, k in docc.items() if k != 'article'}
        hit = len(generated & predicted)
        print(f'rules check (docc-paths.md, reference-paths.py predict): {hit} of {len(generated)} DocC symbol and '
              f'implementations pages predicted ({percent(hit, len(generated))}), {len(predicted - generated)} predicted pages DocC lacks')


def unresolved_links(work, galley_log):
    """Symbol links neither DocC nor Galley resolves, by the name written: DocC's
    "'X' doesn't exist at '/Module/…'" warnings (docc-<target>.log) against the
    links Galley's build shows as code (its warnings list them as ``X``)."""
    docc = Counter()
    for log in glob.glob(os.path.join(work, 'docc-*.log')):
        with open(log, errors='replace') as f:
            for line in f:
                m = re.search(r"warning: '([^']+)' (?:doesn't exist|is ambiguous)", line)
                if m:
                    docc[SYMBOL_NAME(m.group(1))] += 1
    galley = Counter()
    with open(galley_log, errors='replace') as f:
        for line in f:
            if 'shown as code' not in line or not line.startswith('warning:'):
                continue
            # The list, without the suggestion after it (which names ``Module/Symbol`` as an example).
            listed = re.split(r'\)?\. (?:Add|Fix) ', line.split('shown as code', 1)[1], maxsplit=1)[0]
            for name in re.findall(r'``([^`]+)``', listed):
                galley[SYMBOL_NAME(name)] += 1
    only_galley = sorted(set(galley) - set(docc))
    print(f'unresolved symbol links: DocC {sum(docc.values())} ({len(docc)} names), Galley {sum(galley.values())} ({len(galley)} names)')
    print(f'names Galley leaves unresolved that DocC resolves: {len(only_galley)}'
          + (': ' + ', '.join(only_galley[:20]) if only_galley else ''))


def SYMBOL_NAME(link):
    """A link's last component without DocC's disambiguation, for comparing the two tools' lists."""
    last = link.rstrip('/').split('/')[-1]
    return re.sub(r'-(swift\.[a-z.]+|[0-9a-z]{4,6})$', '', last)


def fake_site(work, site):
    docc, _ = read_docc(work)
    for path in docc:
        os.makedirs(os.path.join(site, path), exist_ok=True)
        with open(os.path.join(site, path, 'index.html'), 'w') as f:
            f.write('<!doctype html><title>fake</title>\n')
    print(f'{len(docc)} pages written under {site}')


def main(argv):
    commands = {'targets': (targets, 2), 'docc-pages': (docc_pages, 1), 'predict': (predict, 2),
                'compare': (compare, 2), 'fake-site': (fake_site, 2), 'links': (unresolved_links, 2)}
    if len(argv) < 2 or argv[1] not in commands or len(argv) - 2 != commands[argv[1]][1]:
        sys.stderr.write(__doc__)
        return 2
    commands[argv[1]][0](*argv[2:])
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
