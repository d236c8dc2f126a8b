P = []
def add(num, kind, short, lang, path, style, hard, html, status=200, fit=None):
    P.append(dict(num=num, kind=kind, short=short, lang=lang, path=path, style=style, hard=hard, html=html, status=status, fit=fit))
