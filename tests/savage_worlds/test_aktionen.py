

def test_zoll_text_deutsch():
    from gm_helfer.savage_worlds.kampf import zoll_text

    assert zoll_text(2.5) == "2,5“"
    assert zoll_text(5.0) == "5“"
    assert zoll_text(1.67) == "1,67“"
