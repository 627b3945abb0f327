@T.prim_func
def main(:
